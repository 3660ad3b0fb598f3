import assert from "node:assert/strict";
import { createServer } from "node:net";
import { test } from "node:test";
import { startReceiver } from "../helpers/receiver.ts";
import { sharedService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true });
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;

/** Registers a webhook at `url` and pushes one event; resolves with the event id. */
async function pushTo(
  url: string,
  httpConfig: Record<string, unknown> = {},
): Promise<{ eventId: string; webhookId: string }> {
  const event = unique("evt");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const reg = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url,
    events: [event],
    httpConfig: { retryBackoffSeconds: 1, ...httpConfig },
  });
  const pushed = await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: { n: 1 } });
  return { eventId: pushed.event_id, webhookId: reg.webhook_id };
}

const delivery = (eventId: string) =>
  svc()
    .rpc("DeliveryService", "ListDeliveries", { namespace: "default", eventId })
    .then((r) => r.deliveries[0]);
const settled = (eventId: string, timeoutMs = 20_000) =>
  eventually(
    () => delivery(eventId),
    (d) => d && ["SUCCESS", "FAILED", "EXPIRED"].includes(d.status),
    timeoutMs,
  );
const attemptsOf = async (deliveryId: string) =>
  (await svc().rpc("DeliveryService", "GetDeliveryAttempts", { deliveryId })).attempts;

test("server errors are retried with backoff until the receiver accepts", async (t) => {
  const hook = (await startReceiver(t)).path("/flaky").answers({ status: 500 }, { status: 503 }, { status: 200 });
  const { eventId } = await pushTo(hook.url);
  const d = await settled(eventId);
  assert.equal(d.status, "SUCCESS");
  const attempts = await attemptsOf(d.delivery_id);
  assert.deepEqual(
    attempts.map((a: any) => [a.attempt, a.response_code, a.error_category]),
    [
      [1, 500, "server_error"],
      [2, 503, "server_error"],
      [3, 200, "success"],
    ],
  );
  const bodies = hook.requests.map((r) => JSON.parse(r.body).attempt);
  assert.deepEqual(bodies, [1, 2, 3]);
  const gaps = hook.requests.slice(1).map((r, i) => r.receivedAt - hook.requests[i]!.receivedAt);
  assert.ok(gaps[0]! >= 450, `first retry waits at least half of 1 s (${gaps[0]} ms)`);
  assert.ok(gaps[1]! >= 950, `second retry waits at least half of 2 s (${gaps[1]} ms)`);
});

test("a client error fails at once and is not retried", async (t) => {
  const hook = (await startReceiver(t)).path("/reject").answers({ status: 400, body: "bad payload" });
  const { eventId } = await pushTo(hook.url);
  const d = await settled(eventId);
  assert.deepEqual(
    [d.status, d.error_category, d.response_code, d.response_body],
    ["FAILED", "client_error", 400, "bad payload"],
  );
  await new Promise((r) => setTimeout(r, 1200));
  assert.equal(hook.requests.length, 1);
});

test("the last allowed attempt ends failed (max_retries 2 = 3 attempts)", async (t) => {
  const hook = (await startReceiver(t)).path("/down").answers({ status: 502 });
  const { eventId } = await pushTo(hook.url, { maxRetries: 2 });
  const d = await settled(eventId);
  assert.equal(d.status, "FAILED");
  assert.equal(d.error_category, "server_error");
  assert.equal(hook.requests.length, 3);
  assert.equal(d.attempt_count, 3);
});

test("max_retries 0 means a single attempt", async (t) => {
  const hook = (await startReceiver(t)).path("/once").answers({ status: 500 });
  const { eventId } = await pushTo(hook.url, { maxRetries: 0 });
  assert.equal((await settled(eventId)).status, "FAILED");
  assert.equal(hook.requests.length, 1);
});

test("a closed port is connection_refused and retried, with no response time", async () => {
  const port = await new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
  const { eventId } = await pushTo(`http://127.0.0.1:${port}/nobody`, { maxRetries: 1 });
  const d = await settled(eventId);
  assert.deepEqual([d.status, d.error_category], ["FAILED", "connection_refused"]);
  const attempts = await attemptsOf(d.delivery_id);
  assert.equal(attempts.length, 2);
  assert.equal(attempts[0].response_time, 0);
  assert.equal(attempts[0].response_code, 0);
  assert.match(attempts[0].error_message, /ECONNREFUSED|refused/i);
});

test("a receiver that never answers times out within request_timeout_seconds", async (t) => {
  const hook = (await startReceiver(t)).path("/hang").answers({ hang: true });
  const started = Date.now();
  const { eventId } = await pushTo(hook.url, { requestTimeoutSeconds: 1, maxRetries: 0 });
  const d = await settled(eventId);
  assert.deepEqual([d.status, d.error_category], ["FAILED", "timeout"]);
  assert.ok(Date.now() - started < 8_000);
  const [attempt] = await attemptsOf(d.delivery_id);
  assert.ok(attempt.response_time >= 900, `waited ${attempt.response_time} ms`);
});

test("a slow body counts against the same deadline", async (t) => {
  const hook = (await startReceiver(t)).path("/slow").answers({ delayMs: 2_500 });
  const { eventId } = await pushTo(hook.url, { requestTimeoutSeconds: 1, maxRetries: 0 });
  assert.equal((await settled(eventId)).error_category, "timeout");
});

test("TLS to a self-signed receiver fails with tls_error, and succeeds with verify_ssl=false", async (t) => {
  const receiver = await startReceiver(t, { tls: true });
  const strict = await pushTo(receiver.path("/strict").url);
  const d = await settled(strict.eventId);
  assert.deepEqual([d.status, d.error_category], ["FAILED", "tls_error"]);
  const lax = await pushTo(receiver.path("/lax").url, { verifySsl: false });
  assert.equal((await settled(lax.eventId)).status, "SUCCESS");
});

test("redirects are followed and the final answer decides", async (t) => {
  const receiver = await startReceiver(t);
  const end = receiver.path("/end").answers({ status: 201 });
  receiver.path("/hop2").answers({ status: 307, redirectTo: end.url });
  const start = receiver.path("/hop1").answers({ status: 308, redirectTo: `${receiver.url}/hop2` });
  const { eventId } = await pushTo(start.url);
  assert.equal((await settled(eventId)).status, "SUCCESS");
  assert.equal(end.requests.length, 1);
  assert.equal(end.requests[0]!.method, "POST");
  assert.ok(end.requests[0]!.body.includes('"version":"1"'));
});

test("a redirect to a blocked target is refused, never requested", async (t) => {
  const receiver = await startReceiver(t);
  const start = receiver
    .path("/to-metadata")
    .answers({ status: 302, redirectTo: "http://169.254.169.254/latest/meta-data/" });
  const { eventId } = await pushTo(start.url, { maxRetries: 0 });
  const d = await settled(eventId);
  assert.equal(d.status, "FAILED");
  assert.match(d.error_message, /redirect target refused.*metadata/);
});

test("more than 10 redirects fail", async (t) => {
  const receiver = await startReceiver(t);
  const loop = receiver.path("/loop");
  loop.answers({ status: 302, redirectTo: loop.url });
  const { eventId } = await pushTo(loop.url, { maxRetries: 0 });
  const d = await settled(eventId);
  assert.equal(d.status, "FAILED");
  assert.match(d.error_message, /more than 10 redirects/);
  assert.equal(loop.requests.length, 11);
});

test("a redirect is unexpected_status when follow_redirects is off", async (t) => {
  const hook = (await startReceiver(t)).path("/moved").answers({ status: 301, redirectTo: "https://93.184.216.34/" });
  const { eventId } = await pushTo(hook.url, { followRedirects: false });
  const d = await settled(eventId);
  assert.deepEqual([d.status, d.error_category, d.response_code], ["FAILED", "unexpected_status", 301]);
});

test("a 2xx outside expected_status_codes is unexpected_status; an empty list accepts any 2xx", async (t) => {
  const receiver = await startReceiver(t);
  const strict = await pushTo(receiver.path("/206").answers({ status: 206 }).url);
  assert.equal((await settled(strict.eventId)).error_category, "unexpected_status");
  const any = await pushTo(receiver.path("/206b").answers({ status: 206 }).url, { expectedStatusCodes: [] });
  assert.equal((await settled(any.eventId)).status, "SUCCESS");
  const custom = await pushTo(receiver.path("/299").answers({ status: 299 }).url, { expectedStatusCodes: [299] });
  assert.equal((await settled(custom.eventId)).status, "SUCCESS");
});

test("a 429 waits for Retry-After without using an attempt", async (t) => {
  const hook = (await startReceiver(t))
    .path("/busy")
    .answers(
      { status: 429, headers: { "retry-after": "1" } },
      { status: 429, headers: { "retry-after": "1" } },
      { status: 200 },
    );
  const { eventId } = await pushTo(hook.url, { maxRetries: 0 });
  const d = await settled(eventId);
  assert.equal(d.status, "SUCCESS", "two 429s did not exhaust max_retries 0");
  assert.equal(d.attempt_count, 1);
  const attempts = await attemptsOf(d.delivery_id);
  assert.deepEqual(
    attempts.map((a: any) => a.error_category),
    ["rate_limited", "rate_limited", "success"],
  );
  assert.ok(hook.requests[1]!.receivedAt - hook.requests[0]!.receivedAt >= 900);
  assert.deepEqual(
    hook.requests.map((r) => JSON.parse(r.body).attempt),
    [1, 1, 1],
  );
});

test("response bodies are kept up to 1 KB, or 1 MB with capture_response_body", async (t) => {
  const receiver = await startReceiver(t);
  const big = "x".repeat(3 * 1024 * 1024);
  const small = await pushTo(receiver.path("/big1").answers({ status: 200, body: big }).url);
  assert.equal((await settled(small.eventId)).response_body.length, 1024);
  const captured = await pushTo(receiver.path("/big2").answers({ status: 200, body: big }).url, {
    captureResponseBody: true,
  });
  assert.equal((await settled(captured.eventId)).response_body.length, 1024 * 1024);
});
