// The outcome judgement alone: what an answer (or its absence) means for a delivery. No HTTP, no database.
import assert from "node:assert/strict";
import { test } from "node:test";
import { judge, notSent, released, releasedStatus } from "../../../lib/deliveries/attempt.ts";
import type { SendResult } from "../../../lib/deliveries/http-send.ts";
import type { Claimed } from "../../../lib/deliveries/stages.ts";
import { claimOf } from "./claims.ts";
import type { Target } from "../../../lib/deliveries/targets.ts";
import { completeHttpConfig, type HttpConfigInput } from "../../../lib/webhooks/http-config.ts";

const AT = new Date("2026-11-27T03:00:00.000Z");
const MINUTE = 60_000;

const claim = (extra: Partial<Claimed> = {}) => claimOf({ id: "d1", ...extra });
// judge reads only the target's HTTP settings.
const target = (config: HttpConfigInput = {}) => ({ config: completeHttpConfig(config) }) as Target;
const answer = (status: number, extra: Partial<SendResult> = {}): SendResult => ({
  status,
  retryAfter: null,
  body: `status ${status}`,
  responseTimeMs: 12,
  redirects: 0,
  ...extra,
});
const noAnswer = (code: string): SendResult => ({
  ...answer(0, { body: "" }),
  error: Object.assign(new Error(code), { code }),
});

test("a 2xx is a success: attempt used, response kept, health sample, envelope time recorded", () => {
  const r = judge(claim(), target(), answer(204), null, null, AT);
  assert.equal(r.outcome.status, "success");
  assert.equal(r.outcome.attemptUsed, true);
  assert.equal(r.outcome.nextAttemptAt, null);
  assert.equal(r.outcome.responseCode, 204);
  assert.equal(r.outcome.errorMessage, null);
  assert.deepEqual(r.outcome.envelopeAt, AT);
  assert.equal(r.attempt?.success, true);
  assert.deepEqual(r.health, {
    webhookId: "w1",
    consumer: "c",
    success: true,
    category: "success",
    responseTimeMs: 12,
    at: AT,
  });
});

test("a 5xx is retried with jittered exponential backoff until max_retries, then fails", () => {
  const first = judge(claim({ attempt: 1 }), target({ retry_backoff_seconds: 60 }), answer(503), null, null, AT);
  assert.equal(first.outcome.status, "retrying");
  assert.equal(first.outcome.errorMessage, "HTTP 503");
  const wait = first.outcome.nextAttemptAt!.getTime() - AT.getTime();
  assert.ok(wait >= 30_000 && wait <= MINUTE, `first retry within [30 s, 60 s], got ${wait}`);
  const third = judge(claim({ attempt: 3 }), target({ retry_backoff_seconds: 60 }), answer(503), null, null, AT);
  const wait3 = third.outcome.nextAttemptAt!.getTime() - AT.getTime();
  assert.ok(wait3 >= 2 * MINUTE && wait3 <= 4 * MINUTE, `third retry within [2, 4] min, got ${wait3}`);
  const last = judge(claim({ attempt: 4 }), target({ max_retries: 3 }), answer(503), null, null, AT);
  assert.equal(last.outcome.status, "failed");
  assert.equal(last.outcome.nextAttemptAt, null);
});

test("a 4xx other than 429 fails at once; an expected status code counts as success", () => {
  assert.equal(judge(claim(), target(), answer(400), null, null, AT).outcome.status, "failed");
  assert.equal(
    judge(claim(), target({ expected_status_codes: [400] }), answer(400), null, null, AT).outcome.status,
    "success",
  );
});

test("a 429 waits for Retry-After without using an attempt, and gives up after a day of them", () => {
  const r = judge(claim(), target(), answer(429, { retryAfter: "120" }), null, null, AT);
  assert.equal(r.outcome.status, "retrying");
  assert.equal(r.outcome.attemptUsed, false);
  assert.equal(r.outcome.nextAttemptAt!.getTime() - AT.getTime(), 2 * MINUTE);
  assert.deepEqual(r.outcome.rateLimitedSince, AT);
  const dayAgo = new Date(AT.getTime() - 86_400_000);
  const done = judge(claim({ rateLimitedSince: dayAgo }), target(), answer(429), null, null, AT);
  assert.equal(done.outcome.status, "failed");
});

test("no connection: no response time charged; a retry never falls after the delivery's expiry", () => {
  const expiresAt = new Date(AT.getTime() + 5_000);
  const r = judge(claim({ expiresAt }), target(), noAnswer("ECONNREFUSED"), null, null, AT);
  assert.equal(r.outcome.status, "retrying");
  assert.equal(r.outcome.errorCategory, "connection_refused");
  assert.equal(r.health?.responseTimeMs, 0);
  assert.deepEqual(r.outcome.nextAttemptAt, expiresAt);
});

test("410 Gone with pause_on_gone fails for good and asks for the webhook to be paused", () => {
  const r = judge(claim(), target({ pause_on_gone: true }), answer(410), null, null, AT);
  assert.equal(r.outcome.status, "failed");
  assert.equal(r.pause?.webhookId, "w1");
  assert.equal(r.pause?.by, "gone");
  const kept = judge(claim(), target({ pause_on_gone: false }), answer(410), null, null, AT);
  assert.equal(kept.pause, undefined);
});

test("a rendered body is kept (no envelope time); a template error falls back and is noted", () => {
  const r = judge(claim(), target(), answer(200), "<xml/>", "missing key", AT);
  assert.equal(r.outcome.requestBody, "<xml/>");
  assert.equal(r.outcome.envelopeAt, null);
  assert.equal(r.outcome.templateError, "missing key");
});

test("claims settled without sending give the attempt back and return to their lane", () => {
  const retry = claim({ previousStatus: "sending", attempt: 3 });
  assert.equal(releasedStatus(retry), "retrying");
  assert.equal(releasedStatus(claim({ previousStatus: "sending", attempt: 1 })), "pending");
  const back = released(retry, AT);
  assert.deepEqual(
    [back.outcome.status, back.outcome.attemptUsed, back.outcome.replacesResponse],
    ["retrying", false, false],
  );
  assert.equal(back.attempt, undefined);
  assert.equal(notSent(claim(), "expired").outcome.status, "expired");
});
