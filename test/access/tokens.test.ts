import assert from "node:assert/strict";
import { test } from "node:test";
import { purgeOldCredentials } from "../../lib/access/cleanup.ts";
import { sharedService, startTestService, TEST_API_KEY } from "../helpers/service.ts";

const svc = sharedService();
const whoami = (secret: string) =>
  svc().request("/v1/whoami", { headers: { authorization: `Bearer ${secret}` }, apiKey: null });

test("a tenant-wide token is svc_tk_ with 256 random bits, shown once, and only its hash is stored", async () => {
  const res = await svc().rest("POST", "/v1/tokens", { name: "ci" });
  assert.equal(res.status, 201);
  assert.match(res.body.secret, /^svc_tk_[A-Za-z0-9_-]{43}$/);
  assert.equal(Buffer.from(res.body.secret.slice(7), "base64url").length, 32);
  assert.deepEqual([res.body.consumer, res.body.reused, res.body.portal_path], [null, false, undefined]);
  const stored = (await svc().app.db.query("select * from access_tokens where id = $1", [res.body.id])).rows[0];
  assert.equal(stored.secret_encrypted, null);
  assert.ok(!JSON.stringify(stored).includes(res.body.secret.slice(7)));
  const list = await svc().rest("GET", "/v1/tokens");
  const listed = list.body.tokens.find((t: any) => t.id === res.body.id);
  assert.equal(listed.secret, undefined);
  assert.equal((await whoami(res.body.secret)).body.name, "ci");
});

test("tenant-wide tokens default to SVC_TOKEN_DEFAULT_TTL (90 d) and may never expire", async () => {
  const dflt = await svc().rest("POST", "/v1/tokens", { name: "d" });
  const days = (Date.parse(dflt.body.expires_at) - Date.parse(dflt.body.created_at)) / 86_400_000;
  assert.ok(Math.abs(days - 90) < 0.01, String(days));
  const never = await svc().rest("POST", "/v1/tokens", { name: "n", never_expires: true });
  assert.equal(never.body.expires_at, null);
  const short = await svc().rest("POST", "/v1/tokens", { name: "s", ttl_seconds: 60 });
  assert.ok(Date.parse(short.body.expires_at) - Date.parse(short.body.created_at) <= 61_000);
  assert.equal(
    (await svc().rest("POST", "/v1/tokens", { name: "x", ttl_seconds: 60, never_expires: true })).status,
    400,
  );
});

test("SVC_TOKEN_DEFAULT_TTL=0 makes tenant-wide tokens never expire unless a TTL is given", async (t) => {
  const other = await startTestService(t, { env: { SVC_TOKEN_DEFAULT_TTL: "0" } });
  assert.equal((await other.rest("POST", "/v1/tokens", { name: "n" })).body.expires_at, null);
  assert.notEqual((await other.rest("POST", "/v1/tokens", { name: "t", ttl_seconds: 3600 })).body.expires_at, null);
});

test("consumer tokens default to 7 days, at most 30, always expire, and carry a portal path", async () => {
  const res = await svc().rest("POST", "/v1/tokens", { name: "portal", consumer: "shop-1" });
  assert.equal(res.status, 201);
  assert.equal(res.body.portal_path, `/portal#token=${res.body.secret}`);
  const days = (Date.parse(res.body.expires_at) - Date.parse(res.body.created_at)) / 86_400_000;
  assert.ok(Math.abs(days - 7) < 0.01);
  assert.equal(
    (await svc().rest("POST", "/v1/tokens", { name: "p", consumer: "shop-1", ttl_seconds: 30 * 86400 })).status,
    201,
  );
  assert.equal(
    (await svc().rest("POST", "/v1/tokens", { name: "p", consumer: "shop-1", ttl_seconds: 30 * 86400 + 1 })).status,
    400,
  );
  assert.equal(
    (await svc().rest("POST", "/v1/tokens", { name: "p", consumer: "shop-1", never_expires: true })).status,
    400,
  );
  assert.equal(
    (await svc().rest("POST", "/v1/tokens", { name: "p", external_id: "u1" })).status,
    400,
    "external_id needs a consumer",
  );
  assert.equal((await svc().rest("POST", "/v1/tokens", { name: "" })).status, 400);
});

test("a repeat mint with external_id returns the same secret (reused), even concurrently; a new one after revocation", async () => {
  const body = { name: "user 1", consumer: "shop-2", external_id: "user-1", ttl_seconds: 600 };
  const results = await Promise.all(Array.from({ length: 10 }, () => svc().rest("POST", "/v1/tokens", body)));
  const secrets = new Set(results.map((r) => r.body.secret));
  assert.equal(secrets.size, 1);
  assert.equal(results.filter((r) => !r.body.reused).length, 1);
  const again = await svc().rest("POST", "/v1/tokens", { ...body, name: "ignored", ttl_seconds: 5 });
  assert.deepEqual([again.body.reused, again.body.name, again.body.secret], [true, "user 1", [...secrets][0]]);
  await svc().rest("DELETE", `/v1/tokens/${again.body.id}`);
  assert.equal(
    (await svc().app.db.query("select secret_encrypted from access_tokens where id = $1", [again.body.id])).rows[0]
      .secret_encrypted,
    null,
    "the kept secret is deleted on revocation",
  );
  const fresh = await svc().rest("POST", "/v1/tokens", body);
  assert.equal(fresh.body.reused, false);
  assert.notEqual(fresh.body.secret, again.body.secret);
});

test("revocation is immediate, idempotent and irreversible; 401 says revoked", async () => {
  const token = (await svc().rest("POST", "/v1/tokens", { name: "rv" })).body;
  assert.equal((await whoami(token.secret)).status, 200);
  assert.equal((await svc().rest("DELETE", `/v1/tokens/${token.id}`)).status, 204);
  assert.equal((await svc().rest("DELETE", `/v1/tokens/${token.id}`)).status, 204);
  const denied = await whoami(token.secret);
  assert.deepEqual([denied.status, denied.body.error, denied.body.reason], [401, "unauthorized", "revoked"]);
  assert.equal((await svc().rest("DELETE", `/v1/tokens/${crypto.randomUUID()}`)).status, 404);
  const listed = await svc().rest("GET", "/v1/tokens?include_inactive=true");
  assert.equal(listed.body.tokens.find((t: any) => t.id === token.id).status, "revoked");
  assert.equal(
    (await svc().rest("GET", "/v1/tokens")).body.tokens.some((t: any) => t.id === token.id),
    false,
  );
});

test("an expired token gets 401 expired", async () => {
  const token = (await svc().rest("POST", "/v1/tokens", { name: "exp", ttl_seconds: 1 })).body;
  await new Promise((r) => setTimeout(r, 1_100));
  const res = await whoami(token.secret);
  assert.deepEqual([res.status, res.body.reason], [401, "expired"]);
});

test("a revocation elsewhere is seen within the 30 s cache, but a fresh lookup sees it at once", async (t) => {
  const other = await startTestService(t, { databaseUrl: svc().databaseUrl });
  const token = (await svc().rest("POST", "/v1/tokens", { name: "cache" })).body;
  assert.equal(
    (await other.request("/v1/whoami", { headers: { authorization: `Bearer ${token.secret}` }, apiKey: null })).status,
    200,
  );
  await svc().rest("DELETE", `/v1/tokens/${token.id}`);
  assert.equal((await whoami(token.secret)).status, 401, "immediate on the revoking instance");
  assert.equal(
    (await other.request("/v1/whoami", { headers: { authorization: `Bearer ${token.secret}` }, apiKey: null })).status,
    200,
    "still cached on the other instance",
  );
});

test("last_used_at is written at most once a minute per token", async () => {
  const token = (await svc().rest("POST", "/v1/tokens", { name: "used" })).body;
  for (let i = 0; i < 5; i++) await whoami(token.secret);
  await svc().app.tokens.flushLastUsed();
  const first = (await svc().app.db.query("select last_used_at from access_tokens where id = $1", [token.id])).rows[0]
    .last_used_at;
  assert.ok(first);
  for (let i = 0; i < 5; i++) await whoami(token.secret);
  await svc().app.tokens.flushLastUsed();
  const second = (await svc().app.db.query("select last_used_at from access_tokens where id = $1", [token.id])).rows[0]
    .last_used_at;
  assert.deepEqual(second, first);
});

test("whoami describes the credential", async () => {
  const token = (await svc().rest("POST", "/v1/tokens", { name: "who", consumer: "shop-w" })).body;
  const res = await svc().request("/portal/api/whoami", {
    headers: { authorization: `Bearer ${token.secret}` },
    apiKey: null,
  });
  assert.deepEqual(res.body, {
    auth_enabled: true,
    name: "who",
    master_key: false,
    token_id: token.id,
    consumer: "shop-w",
  });
});

test("the master key can be exchanged for a named browser token; a tenant token cannot do that", async () => {
  const res = await svc().rest("POST", "/v1/browser-tokens", { name: "alice laptop" });
  assert.equal(res.status, 201);
  assert.equal(res.body.name, "browser: alice laptop");
  assert.equal(res.body.consumer, null);
  assert.equal((await whoami(res.body.secret)).body.name, "browser: alice laptop");
  const viaToken = await svc().request("/v1/browser-tokens", {
    method: "POST",
    json: {},
    headers: { authorization: `Bearer ${res.body.secret}` },
    apiKey: null,
  });
  assert.equal(viaToken.status, 403);
});

test("no served page contains the master key", async () => {
  for (const path of ["/docs", "/docs/init.js", "/openapi.json"]) {
    const res = await svc().request(path, { apiKey: null });
    assert.ok(!JSON.stringify(res.body).includes(TEST_API_KEY), path);
  }
});

test("the daily cleanup deletes tokens and invites ended more than 7 days ago, nothing newer", async () => {
  const db = svc().app.db;
  const old = (await svc().rest("POST", "/v1/tokens", { name: "old" })).body;
  const recent = (await svc().rest("POST", "/v1/tokens", { name: "recent" })).body;
  const live = (await svc().rest("POST", "/v1/tokens", { name: "live" })).body;
  await db.query("update access_tokens set revoked_at = now() - interval '8 days' where id = $1", [old.id]);
  await db.query("update access_tokens set revoked_at = now() - interval '6 days' where id = $1", [recent.id]);
  const inv = (await svc().rest("POST", "/v1/invites", { name: "old invite" })).body;
  await db.query("update invites set expires_at = now() - interval '8 days' where id = $1", [inv.id]);
  const result = await purgeOldCredentials(db);
  assert.ok(result.tokens >= 1 && result.invites >= 1);
  const ids = (await db.query("select id from access_tokens")).rows.map((r) => r.id);
  assert.ok(!ids.includes(old.id));
  assert.ok(ids.includes(recent.id) && ids.includes(live.id));
});

test("rotating the master key leaves tokens and pending invites valid, and only the old key stops working", async (t) => {
  const token = (await svc().rest("POST", "/v1/tokens", { name: "survivor" })).body;
  const invite = (await svc().rest("POST", "/v1/invites", { name: "pending" })).body;
  const rotated = await startTestService(t, {
    databaseUrl: svc().databaseUrl,
    env: { SVC_API_KEY: "a-brand-new-master-key-0123456789abcdef" },
  });
  assert.equal(
    (await rotated.request("/v1/whoami", { headers: { authorization: `Bearer ${token.secret}` }, apiKey: null }))
      .status,
    200,
  );
  assert.equal((await rotated.request("/v1/whoami", { apiKey: TEST_API_KEY })).status, 401);
  assert.equal(
    (await rotated.request("/v1/whoami", { apiKey: "a-brand-new-master-key-0123456789abcdef" })).status,
    200,
  );
  assert.equal(
    (await rotated.request("/invite/redeem", { method: "POST", json: { invite: invite.secret }, apiKey: null })).status,
    200,
  );
});

test("without SVC_API_KEY authentication is disabled (the start-up warning is tested with the config)", async (t) => {
  const open = await startTestService(t, { env: { SVC_API_KEY: "" } });
  const res = await open.request("/v1/whoami", { apiKey: null });
  assert.deepEqual([res.status, res.body.auth_enabled], [200, false]);
});

test("GET /v1/tokens pages newest first with limit and offset; a page past the end is empty but keeps the total", async () => {
  const consumer = `paged-${Math.random().toString(36).slice(2, 8)}`;
  const ids: string[] = [];
  for (let i = 0; i < 7; i++) ids.push((await svc().rest("POST", "/v1/tokens", { name: `t${i}`, consumer })).body.id);
  const page = (offset: number) => svc().rest("GET", `/v1/tokens?consumer=${consumer}&limit=3&offset=${offset}`);
  const seen: string[] = [];
  for (const offset of [0, 3, 6]) {
    const res = await page(offset);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.pagination, { total_count: 7, limit: 3, offset });
    seen.push(...res.body.tokens.map((t: any) => t.id));
  }
  assert.deepEqual(seen, [...ids].reverse(), "newest first, each token once");
  const past = await page(9);
  assert.deepEqual([past.body.tokens.length, past.body.pagination.total_count], [0, 7]);
  assert.equal(
    (await svc().rest("GET", `/v1/tokens?consumer=${consumer}`)).body.pagination.limit,
    50,
    "the default page",
  );
  assert.equal((await svc().rest("GET", "/v1/tokens?limit=-1")).status, 400);
});
