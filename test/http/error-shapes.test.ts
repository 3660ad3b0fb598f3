// One error shape on /v1, /portal/api and the system routes: every refusal — credentials, scope, routing,
// validation, body limit, state, a refused invite — is RFC 9457 problem+json with `code`. The specification's two
// named bodies live inside it: a 401 keeps `error: "unauthorized"`, `reason` and `message`; a refused invite is
// `code: "invalid_invite"` (docs/decisions.md).
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertProblem } from "../helpers/problem.ts";
import { sharedService, TEST_API_KEY } from "../helpers/service.ts";

const svc = sharedService({ env: { SVC_MAX_BODY_BYTES: String(1024 * 1024) } });

interface Case {
  path: string;
  init?: RequestInit;
  status: number;
  code: string;
}

const post = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body,
});

test("every error of /v1, /portal/api and the system routes is problem+json with a code; 401s keep the spec's body inside", async () => {
  const key = { "x-api-key": TEST_API_KEY };
  const consumerToken = (await svc().rest("POST", "/v1/tokens", { name: "shapes", consumer: "shapes" })).body.secret;
  const tenantToken = (await svc().rest("POST", "/v1/tokens", { name: "shapes-tenant" })).body.secret;
  const asConsumer = { authorization: `Bearer ${consumerToken}` };
  const redeemed = (await svc().rest("POST", "/v1/invites", { name: "used" })).body;
  await svc().request("/invite/redeem", { method: "POST", json: { invite: redeemed.secret }, apiKey: null });
  const full = (await svc().rest("POST", "/v1/invites", { name: "full" })).body;

  const cases: Record<string, Case> = {
    "/v1 without a credential": { path: "/v1/whoami", status: 401, code: "unauthenticated" },
    "/v1 with an unknown token": {
      path: "/v1/whoami",
      init: { headers: { authorization: `Bearer svc_tk_${"A".repeat(43)}` } },
      status: 401,
      code: "unauthenticated",
    },
    "/v1 with a consumer token": {
      path: "/v1/tokens",
      init: { headers: asConsumer },
      status: 403,
      code: "permission_denied",
    },
    "/v1 unknown route": { path: "/v1/nope", init: { headers: key }, status: 404, code: "not_found" },
    "/v1 wrong method": {
      path: "/v1/whoami",
      init: { method: "DELETE", headers: key },
      status: 405,
      code: "not_found",
    },
    "/v1 invalid body": {
      path: "/v1/consumers/default/webhooks",
      init: post('{"url": 1}', key),
      status: 400,
      code: "invalid_argument",
    },
    "/v1 body over the limit": {
      path: "/v1/consumers/default/webhooks",
      init: post(`"${"x".repeat(1024 * 1024)}"`, key),
      status: 413,
      code: "resource_exhausted",
    },
    "/v1 cancelling a used invite": {
      path: `/v1/invites/${redeemed.id}`,
      init: { method: "DELETE", headers: key },
      status: 409,
      code: "failed_precondition",
    },
    "/portal/api without a credential": { path: "/portal/api/webhooks", status: 401, code: "unauthenticated" },
    "/portal/api with a tenant-wide token": {
      path: "/portal/api/webhooks",
      init: { headers: { authorization: `Bearer ${tenantToken}` } },
      status: 403,
      code: "permission_denied",
    },
    "/portal/api outside the portal": {
      path: "/portal/api/tokens",
      init: { headers: asConsumer },
      status: 403,
      code: "permission_denied",
    },
    "/portal/api invalid body": {
      path: "/portal/api/webhooks",
      init: post('{"url": 1}', asConsumer),
      status: 400,
      code: "invalid_argument",
    },
    "/portal/api/invite/redeem with a used invite": {
      path: "/portal/api/invite/redeem",
      init: post(JSON.stringify({ invite: redeemed.secret })),
      status: 400,
      code: "invalid_invite",
    },
    "/portal/api/invite/redeem with a full-access invite": {
      path: "/portal/api/invite/redeem",
      init: post(JSON.stringify({ invite: full.secret })),
      status: 400,
      code: "invalid_invite",
    },
    "/portal/api/invite/redeem with broken JSON": {
      path: "/portal/api/invite/redeem",
      init: post("{"),
      status: 400,
      code: "invalid_argument",
    },
    "/invite/redeem with an unknown invite": {
      path: "/invite/redeem",
      init: post(JSON.stringify({ invite: "svc_inv_nope" })),
      status: 400,
      code: "invalid_invite",
    },
    "/invite/redeem without an invite": {
      path: "/invite/redeem",
      init: post("{}"),
      status: 400,
      code: "invalid_argument",
    },
    "/metrics without a credential": { path: "/metrics", status: 401, code: "unauthenticated" },
    "/health with the wrong method": { path: "/health", init: { method: "POST" }, status: 405, code: "not_found" },
    "/openapi.json with the wrong method": {
      path: "/openapi.json",
      init: { method: "PUT" },
      status: 405,
      code: "not_found",
    },
    "an unknown path": { path: "/nothing/here", status: 404, code: "not_found" },
  };
  for (const [what, c] of Object.entries(cases)) {
    const res = await fetch(svc().url + c.path, c.init);
    assert.equal(res.status, c.status, what);
    const body = assertProblem(res.status, res.headers.get("content-type"), await res.text(), what);
    assert.equal(body.code, c.code, what);
  }
});
