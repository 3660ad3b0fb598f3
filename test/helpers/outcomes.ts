// A delivery worker's result for a successful attempt, as the attempt stage makes it (lib/deliveries/attempt.ts):
// for tests that write outcomes through the outcome statement or the writer without sending anything.
import type { AttemptResult, Outcome } from "../../lib/deliveries/stages.ts";
import { newId } from "../../lib/ids.ts";

/** The delivery and claim the attempt was made for (`createdAt` as text: the key's microseconds kept), and its answer. */
export type SuccessOf = Pick<Outcome, "id" | "createdAt" | "consumer" | "webhookId" | "eventId" | "attempt"> & {
  responseBody: string;
  responseTimeMs: number;
  at: Date;
};

/** The outcome and attempt record of a successful attempt; its id is the worker's UUIDv7 of the attempt's time. */
export function successResult(s: SuccessOf): Pick<AttemptResult, "outcome" | "attempt"> {
  return {
    outcome: {
      id: s.id,
      createdAt: s.createdAt,
      consumer: s.consumer,
      webhookId: s.webhookId,
      eventId: s.eventId,
      attempt: s.attempt,
      status: "success",
      attemptUsed: true,
      replacesResponse: true,
      nextAttemptAt: null,
      responseCode: 200,
      responseBody: s.responseBody,
      errorCategory: "success",
      errorMessage: null,
      requestBody: null,
      envelopeAt: s.at,
      rateLimitedSince: null,
      templateError: null,
    },
    attempt: {
      id: newId(s.at),
      deliveryId: s.id,
      webhookId: s.webhookId,
      attempt: s.attempt,
      success: true,
      responseTimeMs: s.responseTimeMs,
      responseCode: 200,
      responseBody: s.responseBody,
      errorMessage: "",
      errorCategory: "success",
      at: s.at,
    },
  };
}
