// The auth matrix, generated from the live route table: a route added later is covered without editing this file.
import assert from "node:assert/strict";
import { test } from "node:test";
import { routes } from "../../handlers/routes.ts";
import { portalPathOf } from "../../lib/http/portal-paths.ts";
import { rpcPath, type AnyRoute, PATH_PARAM } from "../../lib/http/route.ts";
import { sharedService, TEST_API_KEY } from "../helpers/service.ts";

const svc = sharedService();

type Cred = "none" | "wrong" | "master" | "tenant" | "consumerA" | "consumerB" | "expired" | "revoked";
const CREDS: Cred[] = ["none", "wrong", "master", "tenant", "consumerA", "consumerB", "expired", "revoked"];

async function mint(body: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  const res = await svc().rest("POST", "/v1/tokens", body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

async function credentials(): Promise<Record<Cred, string | null>> {
  const tenant = await mint({ name: "matrix tenant" });
  const a = await mint({ name: "matrix a", consumer: "matrix-a" });
  const b = await mint({ name: "matrix b", consumer: "matrix-b" });
  const expired = await mint({ name: "matrix expired" });
  await svc().app.db.query("update access_tokens set expires_at = now() - interval '1 minute' where id = $1", [
    expired.id,
  ]);
  const revoked = await mint({ name: "matrix revoked" });
  await svc().rest("DELETE", `/v1/tokens/${revoked.id}`);
  return {
    none: null,
    wrong: "definitely-not-the-key",
    master: TEST_API_KEY,
    tenant: tenant.secret,
    consumerA: a.secret,
    consumerB: b.secret,
    expired: expired.secret,
    revoked: revoked.secret,
  };
}

const fill = (path: string) =>
  path.replace(PATH_PARAM, (_m, name: string) =>
    name === "consumer"
      ? "matrix-a"
      : name === "name"
        ? "matrix.event"
        : /_id$/.test(name)
          ? "00000000-0000-4000-8000-000000000000"
          : "x",
  );

function requestOf(route: AnyRoute, portal: boolean): { method: string; path: string; body?: string } | undefined {
  if (route.kind === "rpc") return portal ? undefined : { method: "POST", path: rpcPath(route), body: "{}" };
  const path = portal ? portalPathOf(route.path) : route.path;
  if (!path || (portal && !route.portal)) return undefined;
  return {
    method: route.method,
    path: fill(path),
    body: route.method === "GET" || route.method === "DELETE" ? undefined : "{}",
  };
}

async function call(
  req: { method: string; path: string; body?: string },
  secret: string | null,
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = { ...extra };
  if (req.body !== undefined) headers["content-type"] = "application/json";
  if (secret) headers.authorization = `Bearer ${secret}`;
  return svc().request(req.path, { method: req.method, headers, body: req.body, apiKey: null });
}

function expected(route: AnyRoute, cred: Cred, portal: boolean): "401" | "403" | "allowed" {
  if (route.kind !== "rpc" && route.access === "public") return "allowed";
  if (cred === "none" || cred === "wrong" || cred === "expired" || cred === "revoked") return "401";
  if (portal) return cred === "tenant" ? "403" : "allowed";
  if (cred === "consumerA" || cred === "consumerB") return "403";
  if (route.kind === "rest" && route.operationId === "createBrowserToken" && cred === "tenant") return "403";
  return "allowed";
}

test("every route × every credential gets the status its access rule says", async () => {
  const creds = await credentials();
  const failures: string[] = [];
  let checked = 0;
  for (const route of routes) {
    for (const portal of [false, true]) {
      const req = requestOf(route, portal);
      if (!req) continue;
      for (const cred of CREDS) {
        // On the portal the master key names the consumer in a header.
        const res = await call(req, creds[cred], portal && cred === "master" ? { "x-svc-consumer": "matrix-a" } : {});
        const want = expected(route, cred, portal);
        const got = res.status === 401 ? "401" : res.status === 403 ? "403" : "allowed";
        checked++;
        if (got !== want)
          failures.push(
            `${req.method} ${req.path} with ${cred}: want ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
          );
        if (res.status === 401) {
          const reason = res.body?.reason;
          const wantReason =
            cred === "none" ? "missing" : cred === "expired" ? "expired" : cred === "revoked" ? "revoked" : "invalid";
          if (reason !== wantReason)
            failures.push(`${req.method} ${req.path} with ${cred}: 401 reason ${reason}, want ${wantReason}`);
        }
        if (res.status >= 500) failures.push(`${req.method} ${req.path} with ${cred}: ${res.status}`);
      }
    }
  }
  assert.ok(checked > 500, `only ${checked} combinations checked`);
  assert.deepEqual(failures, []);
});

test("a consumer token reaching for what the portal does not offer gets 403", async () => {
  const { secret } = await mint({ name: "scope", consumer: "matrix-a" });
  for (const [method, path] of [
    ["POST", "/portal/api/events?event=x"],
    ["POST", "/portal/api/tokens"],
    ["GET", "/portal/api/tokens"],
    ["GET", "/portal/api/consumers/matrix-b/webhooks"],
    ["POST", "/portal/api/events/00000000-0000-4000-8000-000000000000/repush"],
  ]) {
    const res = await call({ method: method!, path: path!, body: method === "POST" ? "{}" : undefined }, secret);
    assert.equal(res.status, 403, `${method} ${path}`);
  }
});

test("the portal acts on the token's consumer, never one named in the URL", async () => {
  const a = await mint({ name: "iso a", consumer: "iso-a" });
  await svc().rest("POST", "/v1/consumers/iso-a/webhooks", { url: "https://93.184.216.34/iso-a", events: ["e"] });
  await svc().rest("POST", "/v1/consumers/iso-b/webhooks", { url: "https://93.184.216.34/iso-b", events: ["e"] });
  const res = await call({ method: "GET", path: "/portal/api/webhooks" }, a.secret);
  assert.equal(res.status, 200);
  assert.deepEqual(
    res.body.webhooks.map((w: any) => w.namespace),
    ["iso-a"],
  );
  const withQuery = await call({ method: "GET", path: "/portal/api/webhooks?consumer=iso-b" }, a.secret);
  assert.deepEqual(
    withQuery.body.webhooks.map((w: any) => w.namespace),
    ["iso-a"],
  );
  const created = await call(
    {
      method: "POST",
      path: "/portal/api/webhooks",
      body: JSON.stringify({ url: "https://93.184.216.34/iso-a2", events: ["e"] }),
    },
    a.secret,
  );
  assert.equal(created.status, 201);
  assert.equal(created.body.namespace, "iso-a");
});

test("the master key outranks portal scoping: with a consumer token alongside it, or X-Svc-Consumer", async () => {
  const a = await mint({ name: "outrank", consumer: "rank-a" });
  const both = await svc().request("/portal/api/webhooks", {
    headers: { "x-api-key": TEST_API_KEY, authorization: `Bearer ${a.secret}` },
    apiKey: null,
  });
  assert.equal(both.status, 200);
  const header = await svc().request("/portal/api/whoami", {
    headers: { "x-api-key": TEST_API_KEY, "x-svc-consumer": "rank-a" },
    apiKey: null,
  });
  assert.deepEqual([header.status, header.body.master_key], [200, true]);
  const missing = await svc().request("/portal/api/webhooks", { headers: { "x-api-key": TEST_API_KEY }, apiKey: null });
  assert.equal(missing.status, 400);
});

test("portal paths with dot segments, empty segments, backslashes or control characters are refused with 403", async () => {
  const a = await mint({ name: "paths", consumer: "path-a" });
  const { request } = await import("node:http");
  const { port } = new URL(svc().url);
  const raw = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request(
        { host: "127.0.0.1", port, path, method: "GET", headers: { authorization: `Bearer ${a.secret}` } },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on("error", reject);
      req.end();
    });
  for (const path of [
    "/portal/api/./webhooks",
    "/portal/api/../v1/tokens",
    "/portal/api//webhooks",
    "/portal/api/%2e%2e/v1/tokens",
    "/portal/api/%2E/webhooks",
    "/portal/api/web%5chooks",
    "/portal/api/webhooks%00",
    "/portal/api/%252e%252e/x",
    "/portal/api/webhooks/",
  ]) {
    assert.equal(await raw(path), 403, path);
  }
  assert.equal(await raw("/portal/api/webhooks"), 200);
});

test("credentials in the query string are ignored", async () => {
  const res = await svc().request(`/v1/webhooks?api_key=${TEST_API_KEY}&token=${TEST_API_KEY}`, { apiKey: null });
  assert.deepEqual([res.status, res.body.reason], [401, "missing"]);
});

test("Authorization: Bearer with the master key works like X-API-Key", async () => {
  const res = await svc().request("/v1/whoami", { headers: { authorization: `Bearer ${TEST_API_KEY}` }, apiKey: null });
  assert.deepEqual(
    [res.status, res.body],
    [200, { auth_enabled: true, name: "master key", master_key: true, token_id: null, consumer: null }],
  );
});
