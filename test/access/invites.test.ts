import assert from "node:assert/strict";
import { test } from "node:test";
import { sharedService, startTestService } from "../helpers/service.ts";

const svc = sharedService();
const redeem = (invite: string) => svc().request("/invite/redeem", { method: "POST", json: { invite }, apiKey: null });

test("an invite has a path with the secret in the fragment, full access or portal", async () => {
  const full = await svc().rest("POST", "/v1/invites", { name: "bob" });
  assert.equal(full.status, 201);
  assert.match(full.body.secret, /^svc_inv_/);
  assert.equal(full.body.path, `/#invite=${full.body.secret}`);
  const portal = await svc().rest("POST", "/v1/invites", { name: "shop user", consumer: "shop-i" });
  assert.equal(portal.body.path, `/portal#invite=${portal.body.secret}`);
  const hours = (Date.parse(full.body.expires_at) - Date.parse(full.body.created_at)) / 3_600_000;
  assert.ok(Math.abs(hours - 24) < 0.01);
  assert.equal((await svc().rest("POST", "/v1/invites", { name: "x", ttl_seconds: 7 * 86400 + 1 })).status, 400);
});

test("redeeming creates a named token once; a used, cancelled, expired or unknown invite is 400 invalid_invite", async () => {
  const inv = (await svc().rest("POST", "/v1/invites", { name: "carol" })).body;
  const first = await redeem(inv.secret);
  assert.equal(first.status, 200);
  assert.match(first.body.secret, /^svc_tk_/);
  assert.equal(first.body.name, "carol");
  const used = await redeem(inv.secret);
  assert.deepEqual([used.status, used.body.code], [400, "invalid_invite"]);
  const cancelled = (await svc().rest("POST", "/v1/invites", { name: "dave" })).body;
  assert.equal((await svc().rest("DELETE", `/v1/invites/${cancelled.id}`)).status, 204);
  assert.equal((await redeem(cancelled.secret)).body.code, "invalid_invite");
  const expired = (await svc().rest("POST", "/v1/invites", { name: "erin" })).body;
  await svc().app.db.query("update invites set expires_at = now() - interval '1 second' where id = $1", [expired.id]);
  assert.equal((await redeem(expired.secret)).body.code, "invalid_invite");
  assert.equal((await redeem("svc_inv_nope")).body.code, "invalid_invite");
  assert.equal((await redeem("garbage")).status, 400);
});

test("a consumer invite redeems to a consumer token with its portal path", async () => {
  const inv = (await svc().rest("POST", "/v1/invites", { name: "frank", consumer: "shop-f" })).body;
  const res = await redeem(inv.secret);
  assert.deepEqual([res.body.consumer, res.body.portal_path], ["shop-f", `/portal#token=${res.body.secret}`]);
});

test("concurrent redemptions of one invite yield exactly one token", async () => {
  const inv = (await svc().rest("POST", "/v1/invites", { name: "race" })).body;
  const results = await Promise.all(Array.from({ length: 20 }, () => redeem(inv.secret)));
  assert.equal(results.filter((r) => r.status === 200).length, 1);
  assert.equal(results.filter((r) => r.status === 400 && r.body.code === "invalid_invite").length, 19);
  const tokens = await svc().app.db.query("select count(*)::int as n from access_tokens where name = 'race'");
  assert.equal(tokens.rows[0].n, 1);
});

test("cancelling is 409 unless the invite is pending; the list hides ended invites unless asked", async () => {
  const inv = (await svc().rest("POST", "/v1/invites", { name: "gina" })).body;
  await redeem(inv.secret);
  const res = await svc().rest("DELETE", `/v1/invites/${inv.id}`);
  assert.equal(res.status, 409);
  assert.equal((await svc().rest("DELETE", `/v1/invites/${crypto.randomUUID()}`)).status, 404);
  const pending = await svc().rest("GET", "/v1/invites");
  assert.ok(!pending.body.invites.some((i: any) => i.id === inv.id));
  const all = await svc().rest("GET", "/v1/invites?include_inactive=true");
  assert.equal(all.body.invites.find((i: any) => i.id === inv.id).status, "redeemed");
  assert.equal(all.body.invites.find((i: any) => i.id === inv.id).secret, undefined);
});

test("the portal redeems a consumer invite at /portal/api/invite/redeem and refuses a full-access one without using it up", async () => {
  const portalRedeem = (invite: string) =>
    svc().request("/portal/api/invite/redeem", { method: "POST", json: { invite }, apiKey: null });
  const inv = (await svc().rest("POST", "/v1/invites", { name: "portal user", consumer: "shop-p" })).body;
  const res = await portalRedeem(inv.secret);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.consumer, "shop-p");
  assert.match(res.body.secret, /^svc_tk_/);
  assert.equal((await portalRedeem(inv.secret)).body.code, "invalid_invite");

  const full = (await svc().rest("POST", "/v1/invites", { name: "admin user" })).body;
  const refused = await portalRedeem(full.secret);
  assert.equal(refused.status, 400);
  assert.equal(refused.body.code, "invalid_invite");
  assert.match(refused.body.detail, /full access/);
  // Still pending: the dashboard can redeem it.
  assert.equal((await redeem(full.secret)).status, 200);
});

test("GET /v1/invites pages newest first with limit and offset", async (t) => {
  const own = await startTestService(t);
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push((await own.rest("POST", "/v1/invites", { name: `i${i}` })).body.id);
  const first = await own.rest("GET", "/v1/invites?limit=2");
  assert.deepEqual(first.body.pagination, { total_count: 5, limit: 2, offset: 0 });
  assert.deepEqual(
    first.body.invites.map((i: any) => i.id),
    [ids[4], ids[3]],
  );
  const last = await own.rest("GET", "/v1/invites?limit=2&offset=4");
  assert.deepEqual(
    last.body.invites.map((i: any) => i.id),
    [ids[0]],
  );
  assert.deepEqual((await own.rest("GET", "/v1/invites?limit=2&offset=6")).body.pagination, {
    total_count: 5,
    limit: 2,
    offset: 6,
  });
});
