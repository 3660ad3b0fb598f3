// A claim as the claim statement returns it, for the unit tests of the delivery stages.
import type { Claimed } from "../../../lib/deliveries/stages.ts";

let n = 0;

/** A first attempt of a fresh delivery to webhook `w1`; `extra` overrides any field. */
export const claimOf = (extra: Partial<Claimed> = {}): Claimed => ({
  id: `d${++n}`,
  createdAt: "2026-01-01 00:00:00.000001+00",
  consumer: "c",
  eventId: "e1",
  webhookId: "w1",
  subscriptionId: null,
  attempt: 1,
  previousStatus: "pending",
  expiresAt: null,
  rateLimitedSince: null,
  webhookVersion: 1,
  subscriptionVersion: null,
  timeoutSeconds: 30,
  probe: false,
  ...extra,
});
