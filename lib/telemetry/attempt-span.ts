// The span of one delivery attempt: a client span, child of the push's span (its traceparent is stored with the
// event), so an event's trace shows its push and every attempt of every delivery, however much later and in
// whichever process they run. Only the webhook's host is recorded, never its path, query or credentials.
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context } from "@opentelemetry/api";
import type { Target } from "../deliveries/targets.ts";
import { redactText } from "../log.ts";
import { runInSpan, serverAttributes } from "./spans.ts";
import type { Tracing } from "./tracing.ts";
import type { AttemptResult, Claimed, EventData } from "../deliveries/stages.ts";

/** The host attributes of a webhook, parsed once per cached target (a target is replaced when its webhook changes). */
const hosts = new WeakMap<Target, Record<string, string | number>>();
function hostOf(target: Target): Record<string, string | number> {
  let attributes = hosts.get(target);
  if (!attributes) hosts.set(target, (attributes = serverAttributes(target.url)));
  return attributes;
}

/** The span of each traced attempt that failed, for the line logged about it (attempt-log.ts); only failures are logged. */
const attemptContexts = new WeakMap<AttemptResult, Context>();

/** The trace context of the span `result` was the outcome of (undefined without tracing). */
export const attemptContextOf = (result: AttemptResult): Context | undefined => attemptContexts.get(result);

/**
 * Runs `attempt` inside its span; `attempt` receives the traceparent to send, when outgoing traceparent is on. An
 * attempt whose push was not sampled (a parent-based sampler, no traceparent stored) makes no span at all.
 */
export function tracedAttempt(
  tracing: Tracing,
  claim: Claimed,
  event: EventData,
  target: Target,
  method: string,
  attempt: (traceparent: string | undefined) => Promise<AttemptResult>,
): Promise<AttemptResult> {
  if (!event.traceparent && tracing.parentBased) return attempt(undefined);
  const parent = tracing.extract(event.traceparent);
  const span = tracing.tracer.startSpan("svc.delivery.attempt", { kind: SpanKind.CLIENT }, parent);
  if (!span.isRecording()) return attempt(undefined);
  span.setAttributes({
    "http.request.method": method,
    ...hostOf(target),
    "svc.consumer": claim.consumer,
    "svc.webhook.id": claim.webhookId,
    "svc.delivery.id": claim.id,
    "svc.event.id": event.id,
    "svc.delivery.attempt": claim.attempt,
  });
  return runInSpan(span, parent, async () => {
    const result = await attempt(tracing.webhookTraceparent ? (tracing.traceparentOf(span) ?? undefined) : undefined);
    const { outcome } = result;
    if (outcome.responseCode) span.setAttribute("http.response.status_code", outcome.responseCode);
    span.setAttribute("svc.delivery.status", outcome.status);
    if (outcome.errorCategory) span.setAttribute("svc.error.category", outcome.errorCategory);
    if (outcome.errorCategory && outcome.errorCategory !== "success") {
      attemptContexts.set(result, trace.setSpan(ROOT_CONTEXT, span));
      span.setAttribute("error.type", outcome.errorCategory);
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: redactText(outcome.errorMessage ?? outcome.errorCategory),
      });
    }
    return result;
  });
}
