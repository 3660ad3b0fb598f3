// svc behind Debian's caddy with the shipped deploy/caddy/Caddyfile: under /svc/ (Caddy strips the prefix), native
// gRPC over h2c, svc in production mode with SVC_TRUSTED_PROXIES naming Caddy's address and SVC_PUBLIC_URL set.
import assert from "node:assert/strict";
import { connect } from "node:http2";
import { test } from "node:test";
import { startTestService, TEST_API_KEY } from "../helpers/service.ts";
import { browserWrite, listenStream, stockClients } from "./checks.ts";
import { client, freePort, scratch, selfSignedCert, shipped, startCaddy } from "./setup.ts";

test("caddy under /svc/ (deploy/caddy/Caddyfile)", async (t) => {
  const port = await freePort();
  const origin = `https://127.0.0.1:${port}`;
  const publicUrl = `${origin}/svc`;
  const svc = await startTestService(t, {
    workers: true,
    env: {
      ENVIRONMENT: "production",
      SVC_SERVE_UI: "true",
      SVC_TRUSTED_PROXIES: "127.0.0.1/32",
      SVC_PUBLIC_URL: publicUrl,
    },
  });
  const dir = await scratch(t, "caddy");
  const tls = await selfSignedCert(dir);
  // The certificate is given and nothing else may listen (admin API, HTTP redirects): the rest is the shipped file.
  const site = "{$SVC_SITE:svc.example.com} {";
  const caddyfile = await shipped("deploy/caddy/Caddyfile", [[site, `${site}\n\ttls ${tls.cert} ${tls.key}`]]);
  await startCaddy(t, dir, `{\n\tadmin off\n\tauto_https off\n}\n${caddyfile}`, port, {
    SVC_SITE: `https://127.0.0.1:${port}`,
    SVC_UPSTREAM: new URL(svc.url).host,
  });
  const outside = client(t, { ca: tls.certPem, localAddress: "127.0.0.3" });

  await t.test("a browser's write with its Origin passes; links start with SVC_PUBLIC_URL", async () => {
    await browserWrite(outside, publicUrl, origin, publicUrl);
    const doc = await outside(`${publicUrl}/openapi.json`);
    assert.deepEqual(doc.body.servers, [{ url: publicUrl }]);
  });

  await t.test("a client's own X-Forwarded-Host does not get past Caddy", async () => {
    const res = await outside(`${publicUrl}/v1/invites`, {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        "x-forwarded-host": "evil.example",
        "x-api-key": TEST_API_KEY,
        "content-type": "application/json",
      },
      body: '{"name":"forged"}',
    });
    assert.equal(res.status, 403, res.text);
  });

  await t.test("Connect and gRPC-Web under the prefix, native gRPC over h2c at the root paths", () =>
    stockClients(publicUrl, origin, tls.certPem),
  );

  await t.test("a listen session's stream through Caddy", (st) =>
    listenStream(st, svc, publicUrl, tls.certPem, "caddy"),
  );

  await t.test(
    "svc's own HTTP/2 answers carry no connection-specific header (the stream set connection: close)",
    async (st) => {
      const created = await svc.rest("POST", "/v1/consumers/caddy/listen-sessions", { events: ["caddy.proxied"] });
      const session = connect(svc.url);
      st.after(() => session.destroy());
      const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
        const stream = session.request({ ":path": created.body.stream_path, "x-api-key": TEST_API_KEY });
        stream.once("response", resolve);
        stream.once("error", reject);
      });
      assert.equal(headers[":status"], 200);
      assert.equal(headers["content-type"], "text/event-stream");
      for (const name of ["connection", "keep-alive", "transfer-encoding"])
        assert.equal(headers[name], undefined, name);
    },
  );
});
