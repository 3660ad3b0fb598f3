// The debug line of a failed delivery attempt: which delivery, webhook and event, the failure's category and answer
// code, and what happens next; logged inside the attempt's span, so it carries that span's trace_id and span_id.
// Never the webhook's URL, the request or the response body: those may hold secrets.
import { context } from "@opentelemetry/api";
import type { AttemptResult } from "../deliveries/stages.ts";
import type { Logger } from "../log.ts";
import { attemptContextOf } from "./attempt-span.ts";

export function logFailedAttempt(log: Logger, result: AttemptResult): void {
  const { outcome } = result;
  if (!outcome.attemptUsed || !outcome.errorCategory || outcome.errorCategory === "success") return;
  const write = () =>
    log.debug("delivery attempt failed", {
      delivery_id: outcome.id,
      webhook_id: outcome.webhookId,
      event_id: outcome.eventId,
      attempt: outcome.attempt,
      category: outcome.errorCategory,
      response_code: outcome.responseCode || undefined,
      status: outcome.status,
      next_attempt_at: outcome.nextAttemptAt?.toISOString(),
    });
  const traced = attemptContextOf(result);
  if (traced) context.with(traced, write);
  else write();
}
