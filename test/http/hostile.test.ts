// Hostile input that once produced 500s or slipped past the portal gateway: each case is a regression test.
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { test } from "node:test";
import { sharedService } from "../helpers/service.ts";

const svc = sharedService();

/** A request with the path exactly as written (fetch would resolve dot segments before sending). */
function rawGet(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: "GET", headers }, (res) => {
      let body = "";
      res
        .setEncoding("utf8")
        .on("data", (c) => (body += c))
        .on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject).end();
  });
}

test("JSON keys named after Object members are data, never a 500", async () => {
  for (const key of ["toString", "constructor", "hasOwnProperty", "valueOf", "__proto__", "__defineGetter__"]) {
    const rpc = await svc().request("/webhook.NamespaceService/GetNamespace", {
      method: "POST",
      body: `{"${key}":1,"name":"default"}`,
      headers: { "content-type": "application/json" },
    });
    assert.equal(rpc.status, 200, `${key}: ${JSON.stringify(rpc.body)}`);
    assert.equal(rpc.body.namespace?.name ?? rpc.body.name, "default", JSON.stringify(rpc.body));
    const rest = await svc().request("/v1/consumers", {
      method: "POST",
      body: `{"${key}":{"a":1},"name":"c-${key.replace(/_/g, "")}"}`,
      headers: { "content-type": "application/json" },
    });
    assert.ok(rest.status < 500, `${key}: ${rest.status} ${JSON.stringify(rest.body)}`);
  }
});

test("__proto__ in a body cannot replace the prototype of what is validated", async () => {
  const res = await svc().request("/webhook.NamespaceService/CreateNamespace", {
    method: "POST",
    body: `{"__proto__":{"name":"polluted"}}`,
    headers: { "content-type": "application/json" },
  });
  assert.equal(res.status, 400);
  assert.equal(res.body.code, "invalid_argument");
  assert.match(res.body.message, /name/);
});

test("a payload nested 10,000 deep is a 400 that names the depth limit, on push and everywhere JSON enters", async () => {
  const deep = "[".repeat(10_000) + "]".repeat(10_000);
  const push = await svc().request("/v1/consumers/default/events?event=x.y", {
    method: "POST",
    body: `{"payload":{"a":${deep}}}`,
    headers: { "content-type": "application/json" },
  });
  assert.equal(push.status, 400);
  assert.match(push.body.detail, /deeper than 64 levels/);
  const rpc = await svc().request("/webhook.EventService/RegisterEvent", {
    method: "POST",
    body: `{"name":"deep.schema","schema":{"a":${deep}}}`,
    headers: { "content-type": "application/json" },
  });
  assert.equal(rpc.status, 400);
  assert.equal(rpc.body.code, "invalid_argument");
  // Brackets inside strings do not count, and 64 levels are fine.
  const ok = await svc().request("/webhook.EventService/RegisterEvent", {
    method: "POST",
    body: JSON.stringify({
      name: "ok.depth",
      metadata: { note: "[[[[".repeat(100) },
      schema: { type: "object", default: JSON.parse("[".repeat(60) + "]".repeat(60)) },
    }),
    headers: { "content-type": "application/json" },
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
});

test("dot segments that resolve into the portal are refused with 403, percent-encoded or not", async () => {
  const minted = await svc().rest("POST", "/v1/tokens", {
    name: "portal-probe",
    consumer: "default",
    ttl_seconds: 600,
  });
  assert.equal(minted.status, 201, JSON.stringify(minted.body));
  const auth = { authorization: `Bearer ${minted.body.secret ?? minted.body.token}` };
  assert.equal((await rawGet(svc().url, "/portal/api/webhooks", auth)).status, 200);
  for (const path of [
    "/x/../portal/api/webhooks",
    "/./portal/api/webhooks",
    "/%2e/portal/api/webhooks",
    "/%2E%2E/portal/api/webhooks",
    "/a/%2e%2e/portal/api/webhooks",
  ]) {
    const res = await rawGet(svc().url, path, auth);
    assert.equal(res.status, 403, `${path}: ${res.status} ${res.body}`);
  }
});
