// A stand-in OTLP/HTTP collector for the benchmark: in its own process, it reads each export and answers 200 with
// an empty protobuf response (what a collector answers), counting exports and bytes.
import { createServer } from "node:http";

let exports = 0;
let bytes = 0;
const server = createServer((req, res) => {
  req.on("data", (c: Buffer) => (bytes += c.length));
  req.on("end", () => {
    exports++;
    res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
  });
});
process.on("message", (msg: { cmd: string }) => {
  if (msg.cmd === "stats") process.send!({ exports, bytes });
});
server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as { port: number }).port }));
