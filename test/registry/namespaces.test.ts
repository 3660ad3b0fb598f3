import assert from "node:assert/strict";
import { test } from "node:test";
import { type RpcError, sharedService } from "../helpers/service.ts";

const svc = sharedService();
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;

test("the default namespace always exists", async () => {
  const { namespace } = await svc().rpc("NamespaceService", "GetNamespace", { name: "default" });
  assert.equal(namespace.name, "default");
});

test("CreateNamespace creates, GetNamespace reads, a second create is ALREADY_EXISTS", async () => {
  const name = unique("acme");
  const created = await svc().rpc("NamespaceService", "CreateNamespace", { name });
  assert.equal(created.namespace.name, name);
  assert.equal((await svc().rpc("NamespaceService", "GetNamespace", { name })).namespace.name, name);
  await assert.rejects(
    svc().rpc("NamespaceService", "CreateNamespace", { name }),
    (e: RpcError) => e.code === "already_exists" && e.status === 409,
  );
});

test("GetNamespace of an unknown namespace is NOT_FOUND", async () => {
  await assert.rejects(
    svc().rpc("NamespaceService", "GetNamespace", { name: unique("nope") }),
    (e: RpcError) => e.code === "not_found",
  );
});

test("a namespace name outside 1-128 of [A-Za-z0-9._:-] is INVALID_ARGUMENT", async () => {
  for (const name of ["", "has space", "x".repeat(129), "slash/inside"]) {
    await assert.rejects(
      svc().rpc("NamespaceService", "CreateNamespace", { name }),
      (e: RpcError) => e.code === "invalid_argument",
      name,
    );
  }
});

test("ListNamespaces pages by name with a total count", async () => {
  const prefix = unique("list");
  for (const n of ["a", "b", "c"]) await svc().rpc("NamespaceService", "CreateNamespace", { name: `${prefix}-${n}` });
  const first = await svc().rpc("NamespaceService", "ListNamespaces", { pagination: { limit: 2 } });
  assert.equal(first.namespaces.length, 2);
  assert.equal(first.pagination.limit, 2);
  assert.ok(first.pagination.total_count >= 4);
  const all = await svc().rpc("NamespaceService", "ListNamespaces", { pagination: { limit: 1000 } });
  const names = all.namespaces.map((n: { name: string }) => n.name);
  assert.deepEqual(names, [...names].sort());
  assert.ok(names.includes(`${prefix}-b`));
});

test("DeleteNamespace removes an empty namespace, refuses default and a namespace with webhooks", async () => {
  const name = unique("gone");
  await svc().rpc("NamespaceService", "CreateNamespace", { name });
  await svc().rpc("NamespaceService", "DeleteNamespace", { name });
  await assert.rejects(
    svc().rpc("NamespaceService", "GetNamespace", { name }),
    (e: RpcError) => e.code === "not_found",
  );
  await assert.rejects(
    svc().rpc("NamespaceService", "DeleteNamespace", { name }),
    (e: RpcError) => e.code === "not_found",
  );
  await assert.rejects(
    svc().rpc("NamespaceService", "DeleteNamespace", { name: "default" }),
    (e: RpcError) => e.code === "failed_precondition",
  );

  const busy = unique("busy");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: busy });
  await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: busy,
    url: "https://93.184.216.34/hook",
    events: ["a.b"],
  });
  await assert.rejects(
    svc().rpc("NamespaceService", "DeleteNamespace", { name: busy }),
    (e: RpcError) => e.code === "failed_precondition",
  );
});

test("REST: a write under a new consumer creates it; consumers are listed, read and deleted", async () => {
  const consumer = unique("shop");
  assert.equal((await svc().rest("GET", `/v1/consumers/${consumer}`)).status, 404);
  const created = await svc().rest("POST", `/v1/consumers/${consumer}/webhooks`, {
    url: "https://93.184.216.34/x",
    events: ["order.created"],
  });
  assert.equal(created.status, 201);
  const got = await svc().rest("GET", `/v1/consumers/${consumer}`);
  assert.deepEqual([got.status, got.body.name], [200, consumer]);
  const list = await svc().rest("GET", `/v1/consumers?limit=1000`);
  assert.ok(list.body.consumers.some((c: { name: string }) => c.name === consumer));
  assert.equal((await svc().rest("DELETE", `/v1/consumers/${consumer}`)).status, 409);
  assert.equal(
    (await svc().rest("DELETE", `/v1/consumers/${consumer}/webhooks/${created.body.webhook_id}`)).status,
    204,
  );
  assert.equal((await svc().rest("DELETE", `/v1/consumers/${consumer}`)).status, 204);
  assert.equal((await svc().rest("POST", "/v1/consumers", { name: "default" })).status, 409);
});

test("a deleted namespace takes no more pushes on RPC, even right after one was accepted; REST recreates the consumer", async () => {
  const name = unique("gone");
  const event = unique("ns.event");
  await svc().rpc("NamespaceService", "CreateNamespace", { name });
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  await svc().rpc("EventService", "PushEvent", { namespace: name, event, payload: { n: 1 } });
  await svc().rpc("NamespaceService", "DeleteNamespace", { name });
  await assert.rejects(
    svc().rpc("EventService", "PushEvent", { namespace: name, event, payload: { n: 2 } }),
    (e: RpcError) => e.code === "not_found" && e.message.includes(name),
  );
  await assert.rejects(
    svc().rpc("DeliveryService", "ListDeliveries", { namespace: name }),
    (e: RpcError) => e.code === "not_found",
  );
  const { rows } = await svc().app.db.query("select count(*)::int as n from events where namespace = $1", [name]);
  assert.equal(rows[0].n, 1, "the push after the deletion stored nothing");

  const rest = await svc().rest("POST", `/v1/consumers/${name}/events?event=${event}`, { payload: { n: 3 } });
  assert.equal(rest.status, 202);
  assert.equal((await svc().rpc("NamespaceService", "GetNamespace", { name })).namespace.name, name);
});
