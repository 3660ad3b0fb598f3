// The benchmark's webhook receiver: a bare node:http server in its own process that answers 200 at once and
// records, per path, how many requests arrived and how long after the `sent_at` stamp in the payload.
import { createServer } from "node:http";

let count = 0;
const latenciesMs: number[] = [];
let firstAt = 0;
let lastAt = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const now = performance.timeOrigin + performance.now();
    count++;
    if (!firstAt) firstAt = now;
    lastAt = now;
    const body = Buffer.concat(chunks).toString();
    const at = body.indexOf('"sent_at":');
    if (at >= 0) latenciesMs.push(now - Number.parseFloat(body.slice(at + 10)));
    res.writeHead(200, { "content-type": "text/plain" }).end("ok");
  });
});
server.keepAliveTimeout = 60_000;

process.on("message", (msg: { cmd: string }) => {
  if (msg.cmd === "stats") process.send!({ count, firstAt, lastAt, latenciesMs });
  if (msg.cmd === "reset") {
    count = 0;
    firstAt = lastAt = 0;
    latenciesMs.length = 0;
    process.send!({ ok: true });
  }
});
server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as { port: number }).port }));
