// bench/latency's webhook receiver: a bare node:http server answering 200 at once that records, per delivery, the
// push's sequence number and `sent_at` stamp (from the payload) and when the request's body had arrived (epoch ms).
// It probes its own event loop too (probe.mjs), so a slow delivery can be told from a slow receiver.
import { createServer } from "node:http";
import { startProbe } from "./probe.mjs";

const probe = startProbe();
/** [seq, sent_at, arrived_at] */
let arrivals: [number, number, number][] = [];

const number = (body: string, key: string) => {
  const at = body.indexOf(`"${key}":`);
  return at < 0 ? Number.NaN : Number.parseFloat(body.slice(at + key.length + 3));
};

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const now = performance.timeOrigin + performance.now();
    const body = Buffer.concat(chunks).toString();
    arrivals.push([number(body, "seq"), number(body, "sent_at"), now]);
    res.writeHead(200, { "content-type": "text/plain" }).end("ok");
  });
});
server.keepAliveTimeout = 60_000;

process.on("message", (msg: { cmd: string }) => {
  if (msg.cmd === "count") process.send!({ count: arrivals.length });
  if (msg.cmd === "take") {
    process.send!({ arrivals, ...probe.report() });
    arrivals = [];
    probe.reset();
  }
});
server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as { port: number }).port }));
