// The values the delivery path passes from stage to stage — claim → per-endpoint scheduling → attempt → outcome
// buffer — and the hand-off through which a push or a fan-out gives the worker deliveries born claimed. Types only:
// every stage and every statement of the path imports them, so this module imports nothing but types of leaves.
import type { Category } from "./classify.ts";
import type { AutoPause } from "../webhooks/auto-pause.ts";

/** Fresh deliveries (first attempts and manual retries) and retries are claimed separately (see docs/isolation.md). */
export type Lane = "fresh" | "retry";

export type DeliveryStatus = "pending" | "sending" | "success" | "failed" | "retrying" | "expired";

/** A delivery leased to this worker: by the claim statement, or born claimed by a push's or a fan-out's. */
export interface Claimed {
  id: string;
  /** The row's created_at as PostgreSQL prints it (microseconds kept): with the id, it names the row's partition. */
  createdAt: string;
  consumer: string;
  eventId: string;
  webhookId: string;
  subscriptionId: string | null;
  /** The attempt this claim makes (1 = first). */
  attempt: number;
  previousStatus: DeliveryStatus;
  expiresAt: Date | null;
  rateLimitedSince: Date | null;
  /** updated_at of the webhook and subscription, to tell whether cached copies are still current; null if gone. */
  webhookVersion: number | null;
  subscriptionVersion: number | null;
  timeoutSeconds: number;
  /** The one delivery let through to test an endpoint whose circuit is open. */
  probe: boolean;
}

/** The event a claim delivers, read once however many claims share it. */
export interface EventData {
  id: string;
  eventName: string;
  payloadJson: string;
  /** The push's W3C traceparent: each attempt's span is its child. */
  traceparent?: string | null;
}

/**
 * What one claim ends in. `attemptUsed: false` gives the attempt back (expired before sending, 429, released);
 * `replacesResponse: false` keeps the delivery's last response fields (this claim produced none of its own).
 */
export interface Outcome {
  id: string;
  /** The claim's createdAt: the outcome is written through the primary key, in the row's own partition. */
  createdAt: string;
  consumer: string;
  /** What the delivery belongs to and which attempt this claim was (for svc.delivery.failed; not written). */
  webhookId: string;
  eventId: string;
  attempt: number;
  status: DeliveryStatus;
  attemptUsed: boolean;
  replacesResponse: boolean;
  nextAttemptAt: Date | null;
  responseCode: number | null;
  responseBody: string | null;
  errorCategory: string | null;
  errorMessage: string | null;
  /** The body sent when a transform rendered it; null when the standard envelope was sent (see `envelopeAt`) or nothing. */
  requestBody: string | null;
  /** When this claim sent the standard envelope (its `timestamp`): the body is rebuilt from the event on read. */
  envelopeAt: Date | null;
  rateLimitedSince: Date | null;
  templateError: string | null;
}

/** One request made: a row of delivery_attempts. */
export interface AttemptRecord {
  id: string;
  deliveryId: string;
  webhookId: string;
  attempt: number;
  success: boolean;
  responseTimeMs: number;
  responseCode: number;
  responseBody: string | null;
  errorMessage: string;
  errorCategory: string;
  at: Date;
}

/** What one attempt tells about its endpoint's health. */
export interface HealthSample {
  webhookId: string;
  consumer: string;
  success: boolean;
  category: Category;
  responseTimeMs: number;
  at: Date;
}

/** What an attempt (or a claim settled without one) ends in: the outcome and what it adds to attempts and health. */
export interface AttemptResult {
  outcome: Outcome;
  attempt?: AttemptRecord;
  health?: HealthSample;
  /** The answer asks for the webhook to be paused (410 Gone with pause_on_gone). */
  pause?: AutoPause;
}

/** What a statement may create born claimed for the worker. */
export interface PreClaim {
  leaseToken: string;
  /** Most deliveries taken in all. */
  max: number;
  /** Most of one webhook's deliveries taken, unless `room` says otherwise. */
  perWebhook: number;
  /** Webhooks with less room than `perWebhook` in the taking process (0 = none now). */
  room: Record<string, number>;
}

/** The delivery worker's side of a hand-over: new deliveries born claimed, within its free capacity. */
export interface ClaimTaker {
  /** What this worker can take right now (undefined when it takes nothing). */
  preClaim(): PreClaim | undefined;
  adopt(claims: Claimed[], events: Map<string, EventData>): void;
}

/** What a statement that creates deliveries made born claimed, for the worker that took them. */
export interface BornClaimed {
  claimed: Claimed[];
  claimedEvents: Map<string, EventData>;
}

/**
 * Where deliveries born claimed pass from the statements that create them (a push's, a fan-out's) to this process's
 * delivery worker (lib/deliveries/hand-off.ts). The worker opens it while it runs.
 */
export interface HandOffPoint {
  /** `taker` receives what statements create for it from now on. */
  open(taker: ClaimTaker): void;
  /** Nothing more is handed over; resolves once the statements that took a pre-claim have handed over their claims. */
  close(): Promise<void>;
  /**
   * Runs a statement that may create deliveries claimed for the worker. `statement` gets `taking` — undefined when no
   * worker runs in this process, else what it may create claimed now (`preClaim` undefined: nothing) — and its
   * claims reach the worker before the result is returned.
   */
  run<R extends BornClaimed>(
    statement: (taking: { preClaim: PreClaim | undefined } | undefined) => Promise<R>,
  ): Promise<R>;
}
