// With neither SVC_TRUSTED_PROXIES nor SVC_PUBLIC_URL set, svc answers exactly as it did before either existed:
// relative links only, the OpenAPI server "/", the shells and /docs byte for byte as built, and forwarded headers
// change nothing.
import assert from "node:assert/strict";
import { test } from "node:test";
import { uiFile } from "../../lib/http/ui-files.ts";
import { DOCS_HTML, DOCS_INIT_JS } from "../../lib/system/docs-assets.ts";
import { startTestService } from "../helpers/service.ts";

const FORGED = {
  "x-forwarded-for": "203.0.113.9",
  "x-forwarded-host": "svc.example.com",
  "x-forwarded-proto": "https",
  forwarded: 'for=203.0.113.9;host="svc.example.com";proto=https',
};
const INVITE_KEYS = "cancelled_at consumer created_at expires_at id name path redeemed_at secret status token_id";
const TOKEN_KEYS =
  "consumer created_at expires_at external_id id last_used_at name portal_path reused revoked_at secret status";

/** A body with what differs per call (ids, secrets, times) blanked. */
const stable = (body: unknown) =>
  JSON.stringify(body)
    .replace(/svc_(tk|inv)_[\w-]+/g, "<secret>")
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "<id>")
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<time>");

test("with neither variable set, responses are what they were; forwarded headers change nothing", async (t) => {
  const svc = await startTestService(t, { env: { SVC_SERVE_UI: "true" } });
  const call = async (path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) =>
    svc.request(path, init);
  for (const headers of [{}, FORGED]) {
    const invite = await call("/v1/invites", { method: "POST", json: { name: "a" }, headers });
    assert.equal(invite.status, 201);
    assert.equal(Object.keys(invite.body).sort().join(" "), INVITE_KEYS);
    assert.equal(invite.body.path, `/#invite=${invite.body.secret}`);
    const token = await call("/v1/tokens", { method: "POST", json: { name: "p", consumer: "acme" }, headers });
    assert.equal(token.status, 201);
    assert.equal(Object.keys(token.body).sort().join(" "), TOKEN_KEYS);
    assert.equal(token.body.portal_path, `/portal#token=${token.body.secret}`);
    assert.deepEqual((await call("/openapi.json", { headers })).body.servers, [{ url: "/" }]);
    const shell = await call("/consumers", { headers });
    assert.equal(shell.body, new TextDecoder().decode(uiFile("admin.html")));
    assert.equal((await call("/portal", { headers })).body, new TextDecoder().decode(uiFile("portal.html")));
    assert.equal((await call("/docs", { headers })).body, DOCS_HTML);
    assert.equal((await call("/docs/init.js", { headers })).body, DOCS_INIT_JS);
  }
  const plain = await call("/v1/invites", { method: "POST", json: { name: "b" } });
  const forged = await call("/v1/invites", { method: "POST", json: { name: "b" }, headers: FORGED });
  assert.equal(stable(forged.body), stable(plain.body));
});

test("an Origin naming a forwarded host is still cross-origin when no proxy is trusted", async (t) => {
  const svc = await startTestService(t, { env: { ENVIRONMENT: "production" } });
  const res = await svc.request("/v1/invites", {
    method: "POST",
    json: { name: "x" },
    headers: { ...FORGED, origin: "https://svc.example.com" },
  });
  assert.equal(res.status, 403);
});
