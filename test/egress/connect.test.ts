import assert from "node:assert/strict";
import { test } from "node:test";
import { request } from "undici";
import { createEgressPolicy, createGuardedDispatcher } from "../../lib/egress/index.ts";
import { startReceiver } from "../helpers/receiver.ts";

test("a connection to 127.0.0.1 is refused by default with a recognisable error", async (t) => {
  const receiver = await startReceiver(t);
  receiver.path("/x");
  const dispatcher = createGuardedDispatcher(createEgressPolicy({ allowedNetworks: [], allowPrivateNetworks: false }), {
    verifySsl: true,
  });
  t.after(() => dispatcher.close());
  await assert.rejects(
    request(`${receiver.url}/x`, { dispatcher }),
    (e: { code?: string; rule?: string }) => e.code === "ERR_SSRF_BLOCKED" && e.rule === "loopback",
  );
  assert.equal(receiver.path("/x").requests.length, 0);
});

test("a connection to a listed network goes through", async (t) => {
  const receiver = await startReceiver(t);
  const hook = receiver.path("/ok");
  const dispatcher = createGuardedDispatcher(
    createEgressPolicy({ allowedNetworks: ["127.0.0.1/32"], allowPrivateNetworks: false }),
    { verifySsl: true },
  );
  t.after(() => dispatcher.close());
  const res = await request(hook.url, { dispatcher });
  assert.equal(res.statusCode, 200);
  await res.body.text();
});

test("DNS rebinding cannot slip through: the connection goes only to the address that was checked", async (t) => {
  const receiver = await startReceiver(t);
  const hook = receiver.path("/rebind");
  let calls = 0;
  // First answer public (passes), every later answer loopback: a classic rebinding attempt.
  const policy = createEgressPolicy({
    allowedNetworks: [],
    allowPrivateNetworks: false,
    resolve: async () => (calls++ === 0 ? ["93.184.216.34"] : ["127.0.0.1"]),
  });
  assert.equal(
    (await policy.checkUrl(`http://rebind.example:${receiver.port}/rebind`)).ok,
    true,
    "the registration-time check saw a public address",
  );
  const dispatcher = createGuardedDispatcher(policy, { verifySsl: true });
  t.after(() => dispatcher.close());
  await assert.rejects(
    request(`http://rebind.example:${receiver.port}/rebind`, { dispatcher }),
    (e: { code?: string }) => e.code === "ERR_SSRF_BLOCKED",
  );
  assert.equal(hook.requests.length, 0);
});

test("a host resolving to a checked address connects to that address with the host name kept", async (t) => {
  const receiver = await startReceiver(t);
  const hook = receiver.path("/named");
  const policy = createEgressPolicy({
    allowedNetworks: ["127.0.0.1/32"],
    allowPrivateNetworks: false,
    resolve: async () => ["127.0.0.1"],
  });
  const dispatcher = createGuardedDispatcher(policy, { verifySsl: true });
  t.after(() => dispatcher.close());
  const res = await request(`http://hooks.example:${receiver.port}/named`, { dispatcher });
  await res.body.text();
  assert.equal(res.statusCode, 200);
  assert.equal(hook.requests[0]!.headers.host, `hooks.example:${receiver.port}`);
});
