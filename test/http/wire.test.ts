import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { fieldMask, int32, int64, normalizeKeys, protoEnum } from "../../lib/http/wire.ts";
import { routes } from "../../handlers/routes.ts";
import { rpcPath, PATH_PARAM } from "../../lib/http/route.ts";
import { type RpcError, sharedService } from "../helpers/service.ts";

const svc = sharedService();

test("int64 and int32 accept numbers and decimal strings, nothing else", () => {
  assert.equal(int64().parse("60"), 60);
  assert.equal(int64().parse(60), 60);
  assert.equal(int32().parse("-5"), -5);
  for (const bad of ["6e1", "1.5", "", "x", 1.5, true])
    assert.equal(int64().safeParse(bad).success, false, String(bad));
  assert.equal(int32().safeParse(2 ** 31).success, false);
});

test("a field mask is {paths} or a comma-joined string, with camelCase paths made snake_case", () => {
  assert.deepEqual(fieldMask().parse("url,httpConfig,httpConfig.webhookSecret"), [
    "url",
    "http_config",
    "http_config.webhook_secret",
  ]);
  assert.deepEqual(fieldMask().parse({ paths: ["secretHeaders", " active "] }), ["secret_headers", "active"]);
  assert.deepEqual(fieldMask().parse(""), []);
});

test("protobuf enums are accepted in any case, with or without the prefix, and by number", () => {
  const health = protoEnum("HEALTH", ["healthy", "degraded", "unhealthy"] as const);
  for (const v of ["HEALTH_HEALTHY", "healthy", "Healthy", "health_healthy", 1])
    assert.equal(health.parse(v), "healthy", String(v));
  assert.equal(health.parse("HEALTH_UNSPECIFIED"), undefined);
  assert.equal(health.safeParse("sick").success, false);
});

test("key normalisation follows the schema and leaves free-form maps alone", () => {
  const schema = z.object({
    http_config: z.object({ max_retries: z.number() }),
    labels: z.record(z.string(), z.string()),
    items: z.array(z.object({ event_name: z.string() })),
  });
  for (let i = 0; i < 2; i++) {
    // Twice: the second call runs on the plan the first one worked out for the schema.
    assert.deepEqual(
      normalizeKeys(schema, { httpConfig: { maxRetries: 1 }, labels: { camelKey: "v" }, items: [{ eventName: "a" }] }),
      { http_config: { max_retries: 1 }, labels: { camelKey: "v" }, items: [{ event_name: "a" }] },
    );
  }
  // A body that already uses the declared names and nests nothing to rename passes through untouched…
  const flat = z.object({ namespace: z.string(), event_name: z.string(), payload: z.record(z.string(), z.unknown()) });
  const declared = { namespace: "n", event_name: "e", payload: { camelKey: 1 } };
  assert.equal(normalizeKeys(flat, declared), declared);
  // …and one that does not is copied, with `__proto__` kept as data rather than as the copy's prototype.
  const hostile = JSON.parse('{"eventName":"e","__proto__":{"polluted":true}}');
  const copied = normalizeKeys(flat, hostile) as Record<string, unknown>;
  assert.equal(copied.event_name, "e");
  assert.equal(Object.getPrototypeOf(copied), Object.prototype);
  assert.deepEqual(Object.getOwnPropertyDescriptor(copied, "__proto__")?.value, { polluted: true });
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

test("a stock-Connect-style request (camelCase, int64 strings, string field mask) works end to end", async () => {
  const name = `wire.${Math.random().toString(36).slice(2, 8)}`;
  await svc().rpc("EventService", "RegisterEvent", { name });
  const res = await svc().request("/webhook.EventService/PushEvent", {
    method: "POST",
    headers: { "content-type": "application/json", "connect-protocol-version": "1" },
    body: JSON.stringify({
      namespace: "default",
      event: name,
      payload: { innerCamel: 1 },
      ttlSeconds: "60",
      labels: { someLabel: "x" },
    }),
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/json");
  const rec = await svc().rpc("EventService", "GetEventRecord", { eventId: res.body.event_id });
  assert.deepEqual([rec.event.payload, rec.event.labels], [{ innerCamel: 1 }, { someLabel: "x" }]);
  assert.ok(rec.expires_at);
});

test("every error body on RPC is {code, message} with Connect's status", async () => {
  const res = await svc().rpcRaw("WebhookService", "ListWebhooks", { namespace: "no-such-namespace" });
  assert.equal(res.status, 404);
  assert.deepEqual(Object.keys(res.body).sort(), ["code", "message"]);
  await assert.rejects(
    svc().rpc("WebhookService", "ListWebhooks", {}),
    (e: RpcError) => e.status === 400 && e.code === "invalid_argument",
  );
});

test("the OpenAPI document lists every REST route and every RPC method of the route table", async () => {
  const doc = (await svc().request("/openapi.json", { apiKey: null })).body;
  for (const route of routes) {
    const path = route.kind === "rpc" ? rpcPath(route) : route.path.replace(PATH_PARAM, "{$1}");
    const method = route.kind === "rpc" ? "post" : route.method.toLowerCase();
    assert.ok(doc.paths[path]?.[method], `${method} ${path}`);
  }
  const ids = Object.values(doc.paths).flatMap((p: any) => Object.values(p).map((op: any) => op.operationId));
  assert.equal(new Set(ids).size, ids.length, "operation ids are unique");
});
