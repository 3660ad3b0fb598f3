// bench/latency's OTLP/HTTP JSON collector: keeps, per span, what the stage timings need (name, ids, start and end
// in epoch ms, the event id) and answers 200 to every export. Metric exports are read and dropped.
import { createServer } from "node:http";

type Span = { name: string; spanId: string; parentSpanId: string; start: number; end: number; eventId?: string };
let spans: Span[] = [];
const ms = (nanos: string | number) => Number(BigInt(nanos) / 1000n) / 1000;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    if (req.url === "/v1/traces") {
      const body = JSON.parse(Buffer.concat(chunks).toString());
      for (const rs of body.resourceSpans ?? [])
        for (const ss of rs.scopeSpans ?? [])
          for (const s of ss.spans ?? [])
            spans.push({
              name: s.name,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId ?? "",
              start: ms(s.startTimeUnixNano),
              end: ms(s.endTimeUnixNano),
              eventId: s.attributes?.find((a: { key: string }) => a.key === "svc.event.id")?.value?.stringValue,
            });
    }
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
process.on("message", (msg: { cmd: string }) => {
  if (msg.cmd === "take") {
    process.send!({ spans });
    spans = [];
  }
});
server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as { port: number }).port }));
