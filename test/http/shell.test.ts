import assert from "node:assert/strict";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { createServerAdapter } from "@whatwg-node/server";
import { test } from "node:test";
import { z } from "zod";
import { createAppContext } from "../../lib/app/create.ts";
import { loadConfig } from "../../lib/config.ts";
import { AppError } from "../../lib/errors.ts";
import { createHttpApp } from "../../lib/http/app.ts";
import { rest, rpc } from "../../lib/http/route.ts";
import { createLogger } from "../../lib/log.ts";
import { systemRoutes } from "../../handlers/routes.ts";
import { startTestService, testEnv } from "../helpers/service.ts";
import type { AppContext } from "../../lib/app/context.ts";

/** An in-process app over a small route table, for behaviours of the shell itself. */
function shellApp(env: Record<string, string> = {}) {
  const { config } = loadConfig(testEnv("postgres://127.0.0.1:1/unused", { SVC_API_KEY: "", ...env }));
  const logs: any[] = [];
  const log = createLogger("info", (l) => logs.push(JSON.parse(l)));
  const app: AppContext = createAppContext(config, undefined as never, log, { listen: false });
  app.lifecycle.ready = true;
  const routes = [
    ...systemRoutes,
    rest({
      method: "POST",
      path: "/v1/things/:name",
      operationId: "createThing",
      summary: "test route",
      tag: "Test",
      access: "admin",
      params: z.object({ name: z.string() }),
      body: z.object({
        display_name: z.string(),
        labels: z.record(z.string(), z.string()).default({}),
        count: z.number().int().default(1),
      }),
      status: 201,
      async handle({ params, body }) {
        return { name: params.name, ...body };
      },
    }),
    rest({
      method: "GET",
      path: "/v1/boom",
      operationId: "boom",
      summary: "throws",
      tag: "Test",
      access: "admin",
      async handle() {
        throw new Error("secret internal detail at /etc/passwd");
      },
    }),
    rest({
      method: "GET",
      path: "/v1/conflict",
      operationId: "conflict",
      summary: "precondition",
      tag: "Test",
      access: "admin",
      async handle() {
        throw new AppError("failed_precondition", "batch is not pending");
      },
    }),
    rpc({
      service: "TestService",
      method: "Echo",
      summary: "echo",
      input: z.object({ message_text: z.string().default(""), payload: z.record(z.string(), z.unknown()).default({}) }),
      async handle(input) {
        return input;
      },
    }),
    rpc({
      service: "TestService",
      method: "Fail",
      summary: "fails",
      input: z.object({}),
      async handle() {
        throw new AppError("failed_precondition", "not pending");
      },
    }),
  ];
  return { http: createHttpApp(app, routes), logs };
}

const call = (app: ReturnType<typeof shellApp>, path: string, init?: RequestInit) =>
  app.http.fetch(new Request(`http://svc.test${path}`, init));

test("GET /health reports ok with the database check, /ready reports ready", async (t) => {
  const svc = await startTestService(t);
  const health = await svc.request("/health", { apiKey: null });
  assert.equal(health.status, 200);
  assert.equal(health.body.status, "ok");
  assert.equal(health.body.checks.database, "ok");
  assert.equal(typeof health.body.uptime_seconds, "number");
  const ready = await svc.request("/ready", { apiKey: null });
  assert.deepEqual([ready.status, ready.body], [200, { status: "ready" }]);
});

test("GET /health answers 503 when the database does not answer", async (t) => {
  const svc = await startTestService(t);
  await svc.app.db.end();
  const health = await svc.request("/health", { apiKey: null });
  assert.equal(health.status, 503);
  assert.equal(health.body.checks.database, "unavailable");
});

test("/ready answers 503 while the server drains", async (t) => {
  const svc = await startTestService(t);
  svc.app.lifecycle.draining = true;
  const ready = await svc.request("/ready", { apiKey: null });
  assert.deepEqual([ready.status, ready.body.status], [503, "draining"]);
  svc.app.lifecycle.draining = false;
});

test("the OpenAPI document is 3.1, served as JSON and YAML, and lists the routes", async (t) => {
  const svc = await startTestService(t);
  const doc = await svc.request("/openapi.json", { apiKey: null });
  assert.equal(doc.status, 200);
  assert.equal(doc.body.openapi, "3.1.0");
  assert.ok(doc.body.paths["/health"].get);
  const yaml = await svc.request("/openapi.yaml", { apiKey: null });
  assert.equal(yaml.status, 200);
  assert.match(yaml.headers.get("content-type")!, /yaml/);
  assert.match(yaml.body, /^openapi: 3\.1\.0$/m);
});

test("the OpenAPI document carries a route's parameters, body and success status", async () => {
  const { buildOpenApi } = await import("../../lib/http/openapi.ts");
  const route = rest({
    method: "POST",
    path: "/v1/consumers/:consumer/things",
    operationId: "x",
    summary: "x",
    tag: "T",
    access: "admin",
    params: z.object({ consumer: z.string() }),
    query: z.object({ event: z.string() }),
    body: z.object({ a: z.number() }),
    status: 201,
    async handle() {
      return {};
    },
  });
  const doc = buildOpenApi([route], "1") as any;
  const op = doc.paths["/v1/consumers/{consumer}/things"].post;
  assert.deepEqual(
    op.parameters.map((p: any) => [p.name, p.in, p.required]),
    [
      ["consumer", "path", true],
      ["event", "query", true],
    ],
  );
  assert.equal(op.requestBody.content["application/json"].schema.properties.a.type, "number");
  assert.ok(op.responses["201"]);
  assert.ok(op.responses["401"]);
});

test("GET /docs serves self-hosted interactive docs with no external script", async (t) => {
  const svc = await startTestService(t);
  const page = await svc.request("/docs", { apiKey: null });
  assert.equal(page.status, 200);
  assert.doesNotMatch(page.body, /https?:\/\//);
  for (const src of page.body.match(/(?:src|href)="([^"]+)"/g)!.map((m: string) => m.split('"')[1])) {
    const asset = await svc.request(src, { apiKey: null });
    assert.equal(asset.status, 200, src);
  }
});

test("an unknown REST route is a 404 problem+json", async () => {
  const res = await call(shellApp(), "/v1/nowhere");
  assert.equal(res.status, 404);
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  const body = await res.json();
  assert.equal(body.code, "not_found");
  assert.equal(body.status, 404);
  assert.equal(body.title, "Not Found");
});

test("a known path with the wrong method is a 405 naming the allowed methods", async () => {
  const res = await call(shellApp(), "/v1/things/a", { method: "GET" });
  assert.equal(res.status, 405);
  assert.equal(res.headers.get("allow"), "POST");
});

test("an unknown RPC method is a Connect unimplemented error with status 404", async () => {
  const res = await call(shellApp(), "/webhook.NoService/Nothing", {
    method: "POST",
    body: "{}",
    headers: { "content-type": "application/json" },
  });
  assert.equal(res.status, 404);
  assert.deepEqual(await res.json(), {
    code: "unimplemented",
    message: "unknown RPC method webhook.NoService/Nothing",
  });
});

test("malformed JSON is a 400 invalid_argument on both surfaces", async () => {
  const app = shellApp();
  const restRes = await call(app, "/v1/things/a", {
    method: "POST",
    body: "{nope",
    headers: { "content-type": "application/json" },
  });
  assert.equal(restRes.status, 400);
  assert.equal((await restRes.json()).code, "invalid_argument");
  const rpcRes = await call(app, "/webhook.TestService/Echo", {
    method: "POST",
    body: "[1,",
    headers: { "content-type": "application/json" },
  });
  assert.equal(rpcRes.status, 400);
  assert.equal((await rpcRes.json()).code, "invalid_argument");
});

test("schema violations name the field", async () => {
  const res = await call(shellApp(), "/v1/things/a", {
    method: "POST",
    body: JSON.stringify({ count: "x" }),
    headers: { "content-type": "application/json" },
  });
  assert.equal(res.status, 400);
  const body = await res.json();
  assert.match(body.detail, /display_name/);
  assert.match(body.detail, /count/);
});

test("requests accept lowerCamelCase keys but never rename keys inside free-form maps", async () => {
  const res = await call(shellApp(), "/v1/things/a", {
    method: "POST",
    body: JSON.stringify({ displayName: "A", labels: { someKey: "v" } }),
    headers: { "content-type": "application/json" },
  });
  assert.equal(res.status, 201);
  assert.deepEqual(await res.json(), { name: "a", display_name: "A", labels: { someKey: "v" }, count: 1 });
  const rpcRes = await call(shellApp(), "/webhook.TestService/Echo", {
    method: "POST",
    body: JSON.stringify({ messageText: "hi", payload: { innerKey: { deepKey: 1 } } }),
    headers: { "content-type": "application/json" },
  });
  assert.deepEqual(await rpcRes.json(), { message_text: "hi", payload: { innerKey: { deepKey: 1 } } });
});

test("an RPC with a non-JSON content type is refused with 415", async () => {
  const res = await call(shellApp(), "/webhook.TestService/Echo", {
    method: "POST",
    body: "x",
    headers: { "content-type": "text/plain" },
  });
  assert.equal(res.status, 415);
  assert.equal((await res.json()).code, "invalid_argument");
});

test("an RPC without a body is an empty request and a failed precondition is Connect's 400", async () => {
  const app = shellApp();
  const echo = await call(app, "/webhook.TestService/Echo", {
    method: "POST",
    headers: { "connect-protocol-version": "1" },
  });
  assert.deepEqual([echo.status, await echo.json()], [200, { message_text: "", payload: {} }]);
  const fail = await call(app, "/webhook.TestService/Fail", {
    method: "POST",
    body: "{}",
    headers: { "content-type": "application/json" },
  });
  assert.deepEqual([fail.status, await fail.json()], [400, { code: "failed_precondition", message: "not pending" }]);
});

test("a failed precondition on REST is a 409 problem", async () => {
  const res = await call(shellApp(), "/v1/conflict");
  assert.equal(res.status, 409);
  assert.equal((await res.json()).code, "failed_precondition");
});

test("an unexpected error is logged with its stack and answered with a generic 500", async () => {
  const app = shellApp();
  const res = await call(app, "/v1/boom");
  assert.equal(res.status, 500);
  const text = await res.text();
  assert.doesNotMatch(text, /secret internal detail|passwd|at .*\.ts/);
  assert.equal(JSON.parse(text).detail, "internal error");
  const logged = app.logs.find((l) => l.msg === "unhandled error");
  assert.ok(logged);
  assert.match(logged.error.stack, /secret internal detail/);
});

test("a body larger than the limit is refused with 413 even without a Content-Length", async (t) => {
  const app = shellApp({ SVC_MAX_BODY_BYTES: String(1024 * 1024) });
  const server = createServer(createServerAdapter((req: Request) => app.http.fetch(req)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: "/webhook.TestService/Echo",
        method: "POST",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      },
      (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on("error", reject);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < 20 * 1024 * 1024 && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
  assert.equal(result.status, 413);
  assert.equal(JSON.parse(result.body).code, "resource_exhausted");
});

test("a declared Content-Length over the limit is refused before reading", async () => {
  const res = await call(shellApp(), "/v1/things/a", {
    method: "POST",
    body: "{}",
    headers: { "content-type": "application/json", "content-length": String(6 * 1024 * 1024) },
  });
  assert.equal(res.status, 413);
  assert.equal((await res.json()).status, 413);
});

test("every response carries the hardening headers; the CSP only when the UI is served", async () => {
  for (const path of ["/health", "/v1/nowhere", "/openapi.json"]) {
    const res = await call(shellApp(), path);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(res.headers.get("x-frame-options"), "DENY");
    assert.equal(res.headers.get("referrer-policy"), "strict-origin-when-cross-origin");
    assert.equal(res.headers.get("permissions-policy"), "interest-cohort=()");
    assert.equal(res.headers.get("content-security-policy"), null);
  }
  const withUi = await call(shellApp({ SVC_SERVE_UI: "true" }), "/health");
  const csp = withUi.headers.get("content-security-policy")!;
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /img-src 'self' data:/);
  assert.match(csp, /connect-src 'self'/);
});

test("cross-origin requests: allowed by default outside production, refused in production unless listed", async () => {
  const origin = { origin: "https://app.example" };
  const dev = await call(shellApp(), "/health", { headers: origin });
  assert.equal(dev.headers.get("access-control-allow-origin"), "https://app.example");

  const prod = shellApp({ ENVIRONMENT: "production", SVC_API_KEY: "p".repeat(32) });
  const refused = await call(prod, "/health", { headers: origin });
  assert.equal(refused.status, 403);
  assert.equal(refused.headers.get("access-control-allow-origin"), null);
  const sameOrigin = await call(prod, "/health", { headers: { origin: "http://svc.test" } });
  assert.notEqual(sameOrigin.status, 403);

  const listed = shellApp({
    ENVIRONMENT: "production",
    SVC_API_KEY: "p".repeat(32),
    CORS_ALLOWED_ORIGINS: "https://app.example",
  });
  const preflight = await call(listed, "/v1/things/a", {
    method: "OPTIONS",
    headers: { ...origin, "access-control-request-method": "POST" },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("access-control-allow-origin"), "https://app.example");
  assert.match(preflight.headers.get("access-control-allow-headers")!, /x-api-key/);
  const other = await call(listed, "/health", { headers: { origin: "https://evil.example" } });
  assert.equal(other.status, 403);
});

test("logs show webhook URLs as scheme and host only", async () => {
  const { createLogger } = await import("../../lib/log.ts");
  const lines: string[] = [];
  const log = createLogger("info", (l) => lines.push(l));
  log.warn("delivery to https://user:pw@hooks.example.com/path/secret?token=abc failed", {
    url: "http://10.0.0.1:8080/x?y=1",
    nested: { error: new Error("connect to https://a.example/b failed") },
  });
  const text = lines.join("\n");
  assert.doesNotMatch(text, /secret|token=abc|pw@|\/path|\/x\?|a\.example\/b/);
  assert.match(text, /https:\/\/hooks\.example\.com/);
  assert.match(text, /http:\/\/10\.0\.0\.1:8080/);
});
