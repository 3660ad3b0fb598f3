// The fan-out span: one per fan-out statement, its own trace. A statement serves many events of as many traces, so
// it links to each push (the span's link limit keeps the first ones) rather than pretend to belong to one of them.
import { trace, type Link } from "@opentelemetry/api";
import type { Tracing } from "../telemetry/tracing.ts";

/** The SDK's default span link limit (OTEL_SPAN_LINK_COUNT_LIMIT). */
const MAX_LINKS = 128;

export function fanOutSpan(
  tracing: Tracing,
  startedMs: number,
  counts: { events: number; deliveries: number; handedOver: number },
  traceparents: string[],
): void {
  // The SDK keeps the first 128 links of a span; parsing the traceparents it would drop is wasted work.
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
