// The fan-out span: one per fan-out statement, its own trace. A statement serves many events of as many traces, so
// it links to each push (the first ones, up to a span's link limit) rather than pretend to belong to one of them.
import { trace, type Link } from "@opentelemetry/api";
import { MAX_LINKS } from "../telemetry/recorded-span.ts";
import type { Tracing } from "../telemetry/tracing.ts";

export function fanOutSpan(
  tracing: Tracing,
  startedMs: number,
  counts: { events: number; deliveries: number; handedOver: number },
  traceparents: string[],
): void {
  // A span keeps at most MAX_LINKS links (past it, the oldest go): the first pushes are linked, the rest not parsed.
  const links: Link[] = traceparents.slice(0, MAX_LINKS).flatMap((tp) => {
    const context = trace.getSpanContext(tracing.extract(tp));
    return context ? [{ context }] : [];
  });
  const attributes = {
    "svc.fanout.events": counts.events,
    "svc.fanout.deliveries": counts.deliveries,
    "svc.fanout.handed_over": counts.handedOver,
  };
  tracing.tracer.startSpan("svc.fanout", { root: true, startTime: startedMs, links, attributes }).end();
}
