import assert from "node:assert/strict";
import { test } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import { type RpcError, sharedService } from "../helpers/service.ts";

const svc = sharedService();
const unique = (p: string) => `${p}.${Math.random().toString(36).slice(2, 8)}`;

const orderSchema = {
  type: "object",
  required: ["id", "amount", "currency", "customer"],
  properties: {
    id: { type: "string", format: "uuid" },
    amount: { type: "integer", minimum: 1 },
    currency: { enum: ["EUR", "USD"] },
    code: { type: "string", pattern: "^[A-Z]{3}-\\d{4}$" },
    customer: { type: "object", required: ["email"], properties: { email: { type: "string", format: "email" } } },
    items: {
      type: "array",
      minItems: 1,
      items: { type: "object", required: ["sku"], properties: { sku: { type: "string", minLength: 3 } } },
    },
  },
};

test("RegisterEvent returns the name as event_id; a second registration is ALREADY_EXISTS", async () => {
  const name = unique("order.created");
  const res = await svc().rpc("EventService", "RegisterEvent", {
    name,
    description: "An order",
    schema: orderSchema,
    metadata: { team: "shop" },
  });
  assert.equal(res.event_id, name);
  assert.ok(Date.parse(res.created_at));
  await assert.rejects(
    svc().rpc("EventService", "RegisterEvent", { name }),
    (e: RpcError) => e.code === "already_exists",
  );
});

test("an invalid JSON Schema is INVALID_ARGUMENT at registration", async () => {
  for (const schema of [{ type: "nope" }, { properties: { a: { minimum: "x" } } }, { $ref: "#/definitions/missing" }]) {
    await assert.rejects(
      svc().rpc("EventService", "RegisterEvent", { name: unique("bad"), schema }),
      (e: RpcError) => e.code === "invalid_argument",
      JSON.stringify(schema),
    );
  }
});

test("GetEvent returns the schema and a deterministic sample payload that is valid against it", async () => {
  const name = unique("order.paid");
  await svc().rpc("EventService", "RegisterEvent", { name, schema: orderSchema });
  const a = await svc().rpc("EventService", "GetEvent", { name });
  const b = await svc().rpc("EventService", "GetEvent", { name });
  assert.deepEqual(a.event.schema, orderSchema);
  assert.deepEqual(a.event.sample_payload, b.event.sample_payload);
  const validate = new Ajv2020({ strict: false }).compile({
    ...orderSchema,
    properties: { ...orderSchema.properties, id: { type: "string" }, customer: { type: "object" } },
  });
  assert.ok(validate(a.event.sample_payload), JSON.stringify(validate.errors));
  assert.match(a.event.sample_payload.code ?? "ABC-1234", /^[A-Z]{3}-\d{4}$/);
});

test("GetEvent without a schema has no sample; an unknown name is NOT_FOUND", async () => {
  const name = unique("plain");
  await svc().rpc("EventService", "RegisterEvent", { name });
  const { event } = await svc().rpc("EventService", "GetEvent", { name });
  assert.equal(event.schema, null);
  assert.equal(event.sample_payload, null);
  assert.equal(event.active, true);
  await assert.rejects(
    svc().rpc("EventService", "GetEvent", { name: unique("missing") }),
    (e: RpcError) => e.code === "not_found",
  );
});

test("UpdateEvent changes only the fields given", async () => {
  const name = unique("upd");
  await svc().rpc("EventService", "RegisterEvent", {
    name,
    description: "first",
    metadata: { a: "1" },
    schema: { type: "object" },
  });
  await svc().rpc("EventService", "UpdateEvent", { name, active: false });
  let { event } = await svc().rpc("EventService", "GetEvent", { name });
  assert.deepEqual(
    [event.active, event.description, event.metadata, event.schema],
    [false, "first", { a: "1" }, { type: "object" }],
  );
  await svc().rpc("EventService", "UpdateEvent", { name, description: "second" });
  ({ event } = await svc().rpc("EventService", "GetEvent", { name }));
  assert.deepEqual([event.active, event.description], [false, "second"]);
  await assert.rejects(
    svc().rpc("EventService", "UpdateEvent", { name: unique("none"), description: "x" }),
    (e: RpcError) => e.code === "not_found",
  );
});

test("ListEvents filters active types and pages them", async () => {
  const prefix = unique("lst");
  await svc().rpc("EventService", "RegisterEvent", { name: `${prefix}.a` });
  await svc().rpc("EventService", "RegisterEvent", { name: `${prefix}.b`, active: false });
  const all = await svc().rpc("EventService", "ListEvents", { pagination: { limit: 1000 } });
  const active = await svc().rpc("EventService", "ListEvents", { activeOnly: true, pagination: { limit: 1000 } });
  const names = (r: any) => r.events.map((e: { name: string }) => e.name);
  assert.ok(names(all).includes(`${prefix}.b`));
  assert.ok(!names(active).includes(`${prefix}.b`));
  assert.ok(names(active).includes(`${prefix}.a`));
  const page = await svc().rpc("EventService", "ListEvents", { pagination: { limit: 1, offset: 1 } });
  assert.equal(page.events.length, 1);
  assert.equal(page.pagination.total_count, all.pagination.total_count);
});

test("DeleteEvent removes the type but keeps subscriptions naming it", async () => {
  const name = unique("del");
  await svc().rpc("EventService", "RegisterEvent", { name });
  const hook = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: `https://93.184.216.34/${name}`,
    events: [name],
  });
  await svc().rpc("EventService", "DeleteEvent", { name });
  await assert.rejects(svc().rpc("EventService", "GetEvent", { name }), (e: RpcError) => e.code === "not_found");
  await assert.rejects(svc().rpc("EventService", "DeleteEvent", { name }), (e: RpcError) => e.code === "not_found");
  const subs = await svc().rpc("SubscriptionService", "ListSubscriptions", {
    namespace: "default",
    webhookId: hook.webhook_id,
  });
  assert.deepEqual(
    subs.subscriptions.map((s: { event_name: string }) => s.event_name),
    [name],
  );
});

test("REST: changing a schema creates a new version and keeps the old one", async () => {
  const name = unique("ver");
  const created = await svc().rest("POST", "/v1/event-types", { name, schema: { type: "object", required: ["a"] } });
  assert.deepEqual([created.status, created.body.version], [201, 1]);
  const same = await svc().rest("PATCH", `/v1/event-types/${name}`, { schema: { type: "object", required: ["a"] } });
  assert.equal(same.body.version, 1, "an identical schema is not a new version");
  const changed = await svc().rest("PATCH", `/v1/event-types/${name}`, {
    schema: { type: "object", required: ["a", "b"] },
  });
  assert.equal(changed.body.version, 2);
  const versions = await svc().rest("GET", `/v1/event-types/${name}/versions`);
  assert.deepEqual(
    versions.body.versions.map((v: any) => [v.version, v.schema.required]),
    [
      [2, ["a", "b"]],
      [1, ["a"]],
    ],
  );
  assert.equal((await svc().rest("DELETE", `/v1/event-types/${name}`)).status, 405, "REST never deletes event types");
});

test("REST: event types are listed and read with a sample", async () => {
  const name = unique("rest");
  assert.equal((await svc().rest("POST", "/v1/event-types", { name, schema: orderSchema })).status, 201);
  assert.equal((await svc().rest("POST", "/v1/event-types", { name })).status, 409);
  const got = await svc().rest("GET", `/v1/event-types/${name}`);
  assert.equal(got.status, 200);
  assert.ok(got.body.sample_payload.customer.email);
  const list = await svc().rest("GET", "/v1/event-types?active_only=true&limit=1000");
  assert.ok(list.body.event_types.some((e: { name: string }) => e.name === name));
  assert.equal((await svc().rest("GET", `/v1/event-types/${unique("none")}`)).status, 404);
  assert.equal((await svc().rest("POST", "/v1/event-types", { name: "bad name" })).status, 400);
});
