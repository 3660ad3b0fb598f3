// Property: whatever a client sends to any route — hostile JSON keys, deep nesting, wrong types, bad encodings,
// odd content types, mangled paths — svc answers with a 2xx/4xx in the documented shape, never a 5xx, and keeps
// serving. fast-check walks the route table, also through the consumer portal (/portal/api/*) with a consumer's
// token; a failure prints the smallest request that breaks the property and the seed that found it. The framed
// RPC protocols have their own property (test/rpc/property.test.ts).
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { routes } from "../../handlers/routes.ts";
import { portalPathOf } from "../../lib/http/portal-paths.ts";
import type { AnyRoute } from "../../lib/http/route.ts";
import { rpcPath } from "../../lib/http/route.ts";
import { assertProperty } from "../helpers/property.ts";
import { sharedService, TEST_API_KEY } from "../helpers/service.ts";

const svc = sharedService();

const HOSTILE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "",
  "a".repeat(300),
  "\u0000",
  "𝔘",
  "namespace",
  "name",
  "url",
  "events",
];

/** JSON values with the keys attackers and sloppy clients actually send. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(2 ** 53 + 1, -0, 1e308, "NaN", "9".repeat(40)),
    fc.string(),
    fc.constantFrom(
      "",
      " ",
      "\u2028",
      "\ud800",
      "../../etc/passwd",
      "<script>",
      "http://169.254.169.254/",
      "'; drop table events; --",
    ),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 12 })), tie("value"), {
      maxKeys: 5,
    }),
  ),
})).value;

/** A body as bytes on the wire: valid JSON of hostile values, deeply nested JSON, broken JSON or not JSON at all. */
const body: fc.Arbitrary<string | Uint8Array | undefined> = fc.oneof(
  jsonValue.map((v) => JSON.stringify(v) ?? "null"),
  fc.dictionary(fc.constantFrom(...HOSTILE_KEYS), jsonValue, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
  fc.integer({ min: 60, max: 20_000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth)),
  // Deep payloads inside otherwise valid pushes and writes, so they reach the code behind validation.
  fc
    .integer({ min: 60, max: 20_000 })
    .map(
      (depth) =>
        `{"namespace":"default","event":"prop.event","name":"prop-${depth}","payload":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}`,
    ),
  fc.constantFrom('{"a":', "{'a':1}", "\u0000", "[1,2,", '{"__proto__":{"polluted":true},"name":"x"}', '{"a":1,"a":2}'),
  fc.uint8Array({ maxLength: 64 }),
  fc.constant(undefined),
);

const PARAM_VALUES = [
  "default",
  "default",
  "x",
  "00000000-0000-0000-0000-000000000000",
  "not-a-uuid",
  "%2e%2e",
  "..",
  "_svc",
  "a".repeat(200),
  "%00",
  "%E2%80%A8",
  "..%2F..%2Fetc",
];

/** A concrete path for a route (its portal path when asked and it has one), parameters filled with plausible or hostile values. */
function pathOf(route: AnyRoute, values: string[], portal: boolean): string {
  if (route.kind === "rpc") return rpcPath(route);
  let i = 0;
  const template = (portal && route.portal && portalPathOf(route.path)) || route.path;
  return template.replace(/(?<=\/):(\w+)/g, () => values[i++ % values.length]!);
}

/** The routes by a short name, so a counterexample names its route instead of printing its schemas. */
const byName = new Map(
  routes
    .filter((r) => !(r.kind !== "rpc" && r.path.startsWith("/docs")))
    .map((r) => [r.kind === "rpc" ? rpcPath(r) : `${r.method} ${r.path}`, r] as const),
);

const request = fc.record({
  route: fc.constantFrom(...byName.keys()),
  params: fc.array(fc.constantFrom(...PARAM_VALUES), { minLength: 1, maxLength: 3 }),
  query: fc.option(
    fc.dictionary(
      fc.constantFrom(
        "limit",
        "offset",
        "status",
        "event",
        "webhook_id",
        "created_after",
        "__proto__",
        "prepare_retry",
      ),
      fc.constantFrom("-1", "0", "1e9", "abc", "", "%", "true", "2026-13-45", "prop.event"),
    ),
    { nil: undefined },
  ),
  body,
  contentType: fc.constantFrom(
    "application/json",
    "application/json; charset=utf-16",
    "text/plain",
    "application/x-www-form-urlencoded",
    "",
    "application/json; charset=utf-8",
  ),
  auth: fc.constantFrom("key", "key", "key", "none", "bogus-bearer", "consumer"),
  prefix: fc.constantFrom("", "", "", "/portal/api", "/./", "//"),
  // Through the portal: the route's portal path (when it has one) or anything under /portal/api.
  portal: fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 3, arbitrary: fc.constant("route" as const) },
    fc.stringMatching(/^[a-z0-9._%~-]{0,12}(\/[a-z0-9._%:~-]{0,12}){0,3}$/).map((tail) => `/portal/api/${tail}`),
  ),
  method: fc.option(fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"), { nil: undefined }),
});

function assertDocumentedShape(
  route: AnyRoute,
  portal: boolean,
  status: number,
  contentType: string,
  text: string,
  what: string,
): void {
  let parsed: any;
  try {
    parsed = JSON.parse(text);
  } catch {
    assert.fail(`${what}: a ${status} whose body is not JSON: ${text.slice(0, 200)}`);
  }
  if (status === 401 && parsed.error === "unauthorized")
    assert.ok(["missing", "invalid", "expired", "revoked"].includes(parsed.reason), what);
  if (route.kind === "rpc" && !portal && contentType.startsWith("application/json")) {
    assert.equal(typeof parsed.code, "string", `${what}: Connect error code`);
    assert.equal(typeof parsed.message, "string", `${what}: Connect error message`);
    return;
  }
  // One shape on /v1, /portal/api and the system routes: RFC 9457 problem+json with svc's code.
  assert.match(contentType, /^application\/problem\+json/, `${what}: ${contentType} ${text.slice(0, 200)}`);
  assert.equal(parsed.status, status, `${what}: problem status`);
  assert.equal(typeof parsed.title, "string", `${what}: problem title`);
  assert.equal(typeof parsed.type, "string", `${what}: problem type`);
  assert.ok(typeof parsed.detail === "string" && parsed.detail.length > 0, `${what}: a reason: ${text.slice(0, 200)}`);
  assert.match(String(parsed.code), /^[a-z_]+$/, `${what}: a code`);
}

test("no request to any route, also through the portal, gets a 5xx; every error has the documented shape; the server keeps serving", {
  timeout: 120_000,
}, async () => {
  await svc().rpc("EventService", "RegisterEvent", { name: "prop.event" });
  const consumerToken = (await svc().rest("POST", "/v1/tokens", { name: "prop", consumer: "default" })).body.secret;
  let sent = 0;
  await assertProperty(
    fc.asyncProperty(request, async (r) => {
      const route = byName.get(r.route)!;
      const routePath = pathOf(route, r.params, r.portal === "route");
      const path =
        r.portal && r.portal !== "route"
          ? r.portal
          : (r.prefix === "//" || r.prefix === "/./" ? r.prefix.slice(0, -1) : r.prefix) + routePath;
      const method = r.method ?? (route.kind === "rpc" ? "POST" : route.method);
      const qs = r.query
        ? "?" +
          Object.entries(r.query)
            .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
            .join("&")
        : "";
      const headers: Record<string, string> = {};
      if (r.contentType) headers["content-type"] = r.contentType;
      if (r.auth === "key") headers["x-api-key"] = TEST_API_KEY;
      if (r.auth === "bogus-bearer") headers.authorization = "Bearer svc_tk_" + "A".repeat(43);
      if (r.auth === "consumer") headers.authorization = `Bearer ${consumerToken}`;
      const res = await fetch(svc().url + path + qs, {
        method,
        headers,
        body:
          method === "GET" || method === "HEAD" || r.body === undefined
            ? undefined
            : typeof r.body === "string"
              ? r.body
              : new Blob([Buffer.from(r.body)]),
      });
      const text = await res.text();
      sent++;
      const what = `${method} ${path}${qs} (${r.auth}, ${r.contentType || "no content type"})`;
      assert.ok(res.status < 500, `${what} → ${res.status}: ${text.slice(0, 300)}`);
      if (res.status >= 400 && method !== "HEAD")
        assertDocumentedShape(
          route,
          path.startsWith("/portal/"),
          res.status,
          res.headers.get("content-type") ?? "",
          text,
          what,
        );
    }),
    { fixed: 1_000, random: 600 },
  );
  assert.ok(sent >= 1_600);
  assert.equal((await svc().request("/health", { apiKey: null })).status, 200);
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).includes("polluted"), false, "no prototype pollution");
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});
