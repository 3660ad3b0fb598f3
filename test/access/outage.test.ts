import assert from "node:assert/strict";
import { test } from "node:test";
import { startTestService, TEST_API_KEY } from "../helpers/service.ts";
import { startTcpProxy } from "../helpers/tcp-proxy.ts";
import { createTestDatabase } from "../helpers/cluster.ts";

test("with the token store unreachable a token gets 503 Retry-After: 5, while the master key still works", async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const direct = new URL(databaseUrl);
  const proxy = await startTcpProxy(t, direct.hostname, Number(direct.port || 5432));
  const viaProxy = Object.assign(new URL(databaseUrl), { hostname: "127.0.0.1", port: String(proxy.port) }).toString();
  const svc = await startTestService(t, { databaseUrl: viaProxy, logLevel: "error" });
  const token = (await svc.rest("POST", "/v1/tokens", { name: "outage" })).body;
  proxy.cut();
  const res = await svc.request("/v1/whoami", { headers: { authorization: `Bearer ${token.secret}` }, apiKey: null });
  assert.equal(res.status, 503);
  assert.equal(res.headers.get("retry-after"), "5");
  const master = await svc.request("/v1/whoami", { headers: { "x-api-key": TEST_API_KEY }, apiKey: null });
  assert.equal(master.status, 200);
  proxy.restore();
});
