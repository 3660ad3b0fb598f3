// Preparing a retry or re-push batch is an operation of its own (REST POST, RPC); listing never creates one,
// except through the deprecated prepare_retry / prepare_repush parameters, which answer with RFC 9745 headers.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create, toBinary, fromBinary } from "@bufbuild/protobuf";
import * as pb from "../../lib/http/rpc/gen/webhook_pb.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { type RpcError, sharedService, TEST_API_KEY } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true });
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;
const DEPRECATED_AT = "@1795737600";

/** A consumer with `failed` failed deliveries of one event type and `delivered` successful ones of another. */
async function consumerWithDeliveries(t: Parameters<typeof startReceiver>[0], failed: number, delivered: number) {
  const ns = unique("ns");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  const [bad, good] = [unique("bad"), unique("good")];
  for (const name of [bad, good]) await svc().rpc("EventService", "RegisterEvent", { name });
  const receiver = await startReceiver(t);
  const refusing = receiver.path("/no").answers({ status: 400 });
  const accepting = receiver.path("/yes").answers({ status: 200 });
  for (const [hook, event] of [
    [refusing, bad],
    [accepting, good],
  ] as const)
    await svc().rpc("WebhookService", "RegisterWebhook", {
      namespace: ns,
      url: hook.url,
      events: [event],
      httpConfig: { maxRetries: 0 },
    });
  for (let i = 0; i < failed; i++)
    await svc().rpc("EventService", "PushEvent", { namespace: ns, event: bad, payload: { i } });
  for (let i = 0; i < delivered; i++)
    await svc().rpc("EventService", "PushEvent", { namespace: ns, event: good, payload: { i } });
  const count = (statuses: string[]) => (r: { deliveries: { status: string }[] }) =>
    r.deliveries.filter((d) => statuses.includes(d.status)).length;
  await eventually(
    () => svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns }),
    (r) => count(["FAILED"])(r) === failed && count(["SUCCESS"])(r) === delivered,
  );
  return { ns, bad, good };
}

const batchCount = async (ns: string) =>
  Number((await svc().app.db.query("select count(*)::int as n from batches where namespace = $1", [ns])).rows[0].n);

test("REST: POST …/retries and …/repushes snapshot the matching items as pending batches; lists create none", async (t) => {
  const { ns, bad, good } = await consumerWithDeliveries(t, 3, 2);
  const listed = await svc().rest("GET", `/v1/consumers/${ns}/deliveries?status=failed`);
  const events = await svc().rest("GET", `/v1/consumers/${ns}/events?event=${bad}`);
  assert.equal(listed.body.pagination.total_count, 3);
  assert.equal(events.body.pagination.total_count, 3);
  assert.equal(listed.body.retry_id, undefined);
  assert.equal(listed.headers.get("deprecation"), null);
  assert.equal(await batchCount(ns), 0, "a list created nothing");

  const retry = await svc().rest("POST", `/v1/consumers/${ns}/retries`, { status: ["failed"] });
  assert.equal(retry.status, 201);
  assert.match(retry.body.retry_id, /^[0-9a-f-]{36}$/);
  assert.deepEqual([retry.body.status, retry.body.total, retry.body.processed], ["pending", 3, 0]);
  assert.equal((await svc().rest("GET", `/v1/consumers/${ns}/retries/${retry.body.retry_id}`)).body.total, 3);
  const all = await svc().rest("POST", `/v1/consumers/${ns}/retries`);
  assert.equal(all.body.total, 5, "no body: every delivery of the consumer");

  const repush = await svc().rest("POST", `/v1/consumers/${ns}/repushes`, { event: good });
  assert.equal(repush.status, 201);
  assert.deepEqual([repush.body.status, repush.body.total], ["pending", 2]);
  const started = await svc().rest("POST", `/v1/consumers/${ns}/repushes/${repush.body.repush_id}/start`);
  assert.equal(started.body.status, "processing");
  assert.equal(await batchCount(ns), 3);

  const bad400 = await svc().rest("POST", `/v1/consumers/${ns}/retries`, { status: ["nope"] });
  assert.equal(bad400.status, 400);
  assert.equal(bad400.body.errors[0].field, "status");
  const badLabel = await svc().rest("POST", `/v1/consumers/${ns}/repushes`, { label: "no-colon" });
  assert.equal(badLabel.status, 400);
  assert.equal((await svc().rest("POST", `/v1/consumers/${unique("none")}/retries`, {})).status, 404);
});

test("RPC: PrepareRetry and PrepareRepush in Connect JSON and binary", async (t) => {
  const { ns, bad } = await consumerWithDeliveries(t, 2, 1);
  const retry = await svc().rpc("DeliveryService", "PrepareRetry", { namespace: ns, status: "FAILED" });
  assert.equal(retry.batch.total, 2);
  assert.equal(retry.batch.status, "pending");
  const status = await svc().rpc("DeliveryService", "GetRetryStatus", { retryId: retry.retry_id });
  assert.equal(status.batch.total, 2);
  const started = await svc().rpc("DeliveryService", "RetryDeliveries", { retryId: retry.retry_id });
  assert.equal(started.status, "processing");

  const res = await fetch(`${svc().url}/webhook.EventService/PrepareRepush`, {
    method: "POST",
    headers: { "content-type": "application/proto", "x-api-key": TEST_API_KEY },
    body: toBinary(
      pb.PrepareRepushRequestSchema,
      create(pb.PrepareRepushRequestSchema, { namespace: ns, eventName: bad }),
    ),
  });
  assert.equal(res.status, 200);
  const answer = fromBinary(pb.PrepareRepushResponseSchema, new Uint8Array(await res.arrayBuffer()));
  assert.equal(answer.batch?.total, 2);
  assert.equal(answer.batch?.status, "pending");
  assert.match(answer.repushId, /^[0-9a-f-]{36}$/);

  await assert.rejects(
    svc().rpc("EventService", "PrepareRepush", { namespace: unique("none") }),
    (e: RpcError) => e.code === "not_found",
  );
});

test("the deprecated list parameters still prepare a batch and say so: Deprecation and a Link to the successor", async (t) => {
  const { ns } = await consumerWithDeliveries(t, 2, 0);
  const rest = await svc().rest("GET", `/v1/consumers/${ns}/deliveries?status=failed&limit=1&prepare_retry=true`);
  assert.equal(rest.status, 200);
  assert.equal(rest.body.deliveries.length, 1, "the page is unchanged");
  assert.equal(rest.headers.get("deprecation"), DEPRECATED_AT);
  assert.equal(rest.headers.get("link"), '<retries>; rel="successor-version"');
  assert.equal(
    new URL("retries", `${svc().url}/v1/consumers/${ns}/deliveries`).pathname,
    `/v1/consumers/${ns}/retries`,
  );
  assert.equal((await svc().rest("GET", `/v1/consumers/${ns}/retries/${rest.body.retry_id}`)).body.total, 2);

  const events = await svc().rest("GET", `/v1/consumers/${ns}/events?prepare_repush=1`);
  assert.equal(events.headers.get("deprecation"), DEPRECATED_AT);
  assert.equal(events.headers.get("link"), '<repushes>; rel="successor-version"');
  assert.equal((await svc().rest("GET", `/v1/consumers/${ns}/repushes/${events.body.repush_id}`)).body.total, 2);

  const json = await svc().rpcRaw("DeliveryService", "ListDeliveries", { namespace: ns, prepare_retry: true });
  assert.equal(json.headers.get("deprecation"), DEPRECATED_AT);
  assert.equal(json.headers.get("link"), '<PrepareRetry>; rel="successor-version"');
  assert.match(json.body.retry_id, /^[0-9a-f-]{36}$/);
  const plain = await svc().rpcRaw("EventService", "ListEventReports", { namespace: ns });
  assert.equal(plain.headers.get("deprecation"), null);

  const binary = await fetch(`${svc().url}/webhook.EventService/ListEventReports`, {
    method: "POST",
    headers: { "content-type": "application/proto", "x-api-key": TEST_API_KEY },
    body: toBinary(
      pb.ListEventReportsRequestSchema,
      create(pb.ListEventReportsRequestSchema, { namespace: ns, prepareRepush: true }),
    ),
  });
  assert.equal(binary.status, 200);
  assert.equal(binary.headers.get("deprecation"), DEPRECATED_AT);
  assert.equal(binary.headers.get("link"), '<PrepareRepush>; rel="successor-version"');
  assert.ok(fromBinary(pb.ListEventReportsResponseSchema, new Uint8Array(await binary.arrayBuffer())).repushId);
  assert.equal(await batchCount(ns), 4);
});
