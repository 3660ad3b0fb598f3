// The benchmarks' webhook receiver: a bare node:http server in its own process that answers 200 at once and
// records how many requests arrived (in all and per path), how many distinct deliveries they carried, and how
// long after the `sent_at` stamp in the payload each arrived. RECEIVER_DELAY_MS makes it a slow receiver.
import { createServer } from "node:http";

const delayMs = Number(process.env.RECEIVER_DELAY_MS ?? 0);

let count = 0;
const latenciesMs: number[] = [];
const deliveries = new Set<string>();
const byPath: Record<string, number> = {};
let firstAt = 0;
let lastAt = 0;
/** The last request, as sent: the raw-client ceiling replays a real delivery. */
let last: { path: string; headers: Record<string, string>; body: string } | undefined;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const now = performance.timeOrigin + performance.now();
    count++;
    if (!firstAt) firstAt = now;
    lastAt = now;
    const body = Buffer.concat(chunks).toString();
    last = {
      path: req.url ?? "/",
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => k !== "host" && k !== "connection" && k !== "content-length") as [
          string,
          string,
        ][],
      ),
      body,
    };
    byPath[req.url ?? ""] = (byPath[req.url ?? ""] ?? 0) + 1;
    const id = req.headers["x-svc-delivery-id"];
    if (typeof id === "string") deliveries.add(id);
    const at = body.indexOf('"sent_at":');
    if (at >= 0) latenciesMs.push(now - Number.parseFloat(body.slice(at + 10)));
    if (delayMs > 0) setTimeout(() => res.writeHead(200, { "content-type": "text/plain" }).end("ok"), delayMs);
    else res.writeHead(200, { "content-type": "text/plain" }).end("ok");
  });
});
server.keepAliveTimeout = 60_000;

process.on("message", (msg: { cmd: string }) => {
  if (msg.cmd === "stats") process.send!({ count, firstAt, lastAt, latenciesMs, distinct: deliveries.size, byPath });
  if (msg.cmd === "last") process.send!(last ?? null);
  if (msg.cmd === "reset") {
    count = 0;
    firstAt = lastAt = 0;
    latenciesMs.length = 0;
    deliveries.clear();
    for (const k of Object.keys(byPath)) delete byPath[k];
    process.send!({ ok: true });
  }
});
server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as { port: number }).port }));
