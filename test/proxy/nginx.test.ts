// svc behind Debian's nginx with the shipped configurations (deploy/nginx/): at the root of a host and under /svc/,
// TLS terminated by nginx, svc in production mode with SVC_TRUSTED_PROXIES naming nginx's address.
import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestService, TEST_API_KEY } from "../helpers/service.ts";
import { browserWrite, listenStream, stockClients } from "./checks.ts";
import { client, freePort, shippedNginx } from "./setup.ts";

const production = (extra: Record<string, string> = {}) => ({
  ENVIRONMENT: "production",
  SVC_SERVE_UI: "true",
  // nginx connects from 127.0.0.1; the test's "outside" clients connect from 127.0.0.3.
  SVC_TRUSTED_PROXIES: "127.0.0.1/32",
  SVC_LOG_LEVEL: "debug",
  ...extra,
});
const OUTSIDE = "127.0.0.3";

test("nginx at the root (deploy/nginx/svc.conf)", async (t) => {
  const svc = await startTestService(t, { workers: true, logLevel: "debug", env: production() });
  const upstream = new URL(svc.url).host;
  const { origin, tls } = await shippedNginx(t, { file: "svc.conf", upstream, server: "svc.example.com" });
  const outside = client(t, { ca: tls.certPem, localAddress: OUTSIDE });

  await t.test("a browser's write with its Origin passes; links are absolute from the forwarded scheme and host", () =>
    browserWrite(outside, origin, origin, origin),
  );

  await t.test("the debug line names the client nginx saw, not nginx", async () => {
    const line = svc.logs.find((l) => l.msg === "request" && l.route === "/v1/invites");
    assert.deepEqual(line && [line.client_address, line.method, line.status], [OUTSIDE, "POST", 201]);
  });

  await t.test("the same forged headers sent straight to svc are ignored and refused", async () => {
    const direct = client(t, { localAddress: OUTSIDE });
    const forged = {
      origin,
      "x-forwarded-host": new URL(origin).host,
      "x-forwarded-proto": "https",
      "x-forwarded-for": "10.9.8.7",
      forwarded: `for=10.9.8.7;host="${new URL(origin).host}";proto=https`,
      "x-api-key": TEST_API_KEY,
      "content-type": "application/json",
    };
    const refused = await direct(`${svc.url}/v1/invites`, { method: "POST", headers: forged, body: '{"name":"x"}' });
    assert.equal(refused.status, 403, refused.text);
    assert.match(refused.body.detail, /cross-origin/);
    const { origin: _, ...noOrigin } = forged;
    const plain = await direct(`${svc.url}/v1/invites`, { method: "POST", headers: noOrigin, body: '{"name":"y"}' });
    assert.equal(plain.status, 201);
    assert.equal(plain.body.url, undefined, "no absolute link from headers svc does not believe");
    const line = svc.logs.findLast((l) => l.msg === "request" && l.route === "/v1/invites");
    assert.equal(line?.client_address, OUTSIDE);
  });

  await t.test("Connect JSON and binary, gRPC-Web (proxy_pass) and native gRPC (grpc_pass)", async () => {
    await stockClients(origin, origin, tls.certPem, OUTSIDE);
    const calls = svc.logs.filter((l) => l.msg === "request" && l.route === "/webhook.NamespaceService/GetNamespace");
    assert.equal(calls.length, 4, "one line per protocol, native gRPC included");
    assert.deepEqual(new Set(calls.map((l) => l.client_address)), new Set([OUTSIDE]));
  });

  await t.test("a listen session's stream comes through nginx's default buffering at once", (st) =>
    listenStream(st, svc, origin, tls.certPem, "nginx-root"),
  );
});

test("nginx under /svc/ (deploy/nginx/svc-prefix.conf), SVC_PUBLIC_URL naming it", async (t) => {
  const port = await freePort();
  const publicUrl = `https://127.0.0.1:${port}/svc`;
  const svc = await startTestService(t, { workers: true, env: production({ SVC_PUBLIC_URL: publicUrl }) });
  const { tls } = await shippedNginx(t, {
    file: "svc-prefix.conf",
    upstream: new URL(svc.url).host,
    server: "example.com",
    port,
  });
  const origin = `https://127.0.0.1:${port}`;
  const outside = client(t, { ca: tls.certPem, localAddress: OUTSIDE });

  await t.test(
    "a browser's write passes; links, portal links and OpenAPI servers start with SVC_PUBLIC_URL",
    async () => {
      await browserWrite(outside, publicUrl, origin, publicUrl);
      const token = await outside(`${publicUrl}/v1/tokens`, {
        method: "POST",
        headers: { origin, "x-api-key": TEST_API_KEY, "content-type": "application/json" },
        body: JSON.stringify({ name: "portal", consumer: "acme" }),
      });
      assert.equal(token.status, 201, token.text);
      assert.equal(token.body.portal_url, `${publicUrl}/portal#token=${token.body.secret}`);
      const doc = await outside(`${publicUrl}/openapi.json`);
      assert.deepEqual(doc.body.servers, [{ url: publicUrl }]);
      const docs = await outside(`${publicUrl}/docs`);
      assert.match(docs.text, /src="\/svc\/docs\/assets\/swagger-ui-bundle\.js"/);
      const outsidePrefix = await outside(`${origin}/v1/whoami`, { headers: { "x-api-key": TEST_API_KEY } });
      assert.equal(outsidePrefix.status, 404, "nothing of svc answers outside its prefix");
    },
  );

  await t.test("Connect and gRPC-Web under the prefix, native gRPC at the root paths", () =>
    stockClients(publicUrl, origin, tls.certPem),
  );

  await t.test("a listen session's stream under the prefix", (st) =>
    listenStream(st, svc, publicUrl, tls.certPem, "nginx-prefix"),
  );
});
