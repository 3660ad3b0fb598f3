// Endpoint isolation: a dead, refusing or slow endpoint never delays another endpoint's deliveries. Bounds are
// generous (the machine is shared); the figures themselves live in bench/isolation.
import assert from "node:assert/strict";
import { createServer as createHttpServer } from "node:http";
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { test, type TestContext } from "node:test";
import pg from "pg";
import { startReceiver } from "../helpers/receiver.ts";
import { freePort } from "../helpers/ports.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

/** Accepts connections and reads requests, never answers. Counts requests and the most connections open at once. */
async function startBlackHole(t: TestContext) {
  const sockets = new Set<Socket>();
  const state = { requests: 0, open: 0, maxOpen: 0 };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    state.open++;
    state.maxOpen = Math.max(state.maxOpen, state.open);
    socket.on("data", (chunk) => (state.requests += chunk.toString("latin1").split("POST /dead HTTP/1.1").length - 1));
    socket.on("error", () => {});
    socket.on("close", () => {
      sockets.delete(socket);
      state.open--;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/dead`, state };
}

async function query<T = any>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
}

async function hook(
  svc: TestService,
  event: string,
  url: string,
  httpConfig: Record<string, unknown> = {},
): Promise<string> {
  await svc.rpc("EventService", "RegisterEvent", { name: event }).catch(() => {});
  const res = await svc.rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url,
    events: [event],
    httpConfig,
  });
  return res.webhook_id;
}

async function pushMany(svc: TestService, event: string, n: number) {
  for (let i = 0; i < n; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, n - i) }, (_, j) =>
        svc.rpc("EventService", "PushEvent", { namespace: "default", event, payload: { i: i + j } }),
      ),
    );
  }
}

/** Push→arrival times of `n` events pushed one by one to a healthy endpoint. */
async function latencies(
  svc: TestService,
  event: string,
  endpoint: { requests: { receivedAt: number }[]; waitForRequests(n: number, ms?: number): Promise<unknown> },
  n: number,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const before = endpoint.requests.length;
    const sent = Date.now();
    await svc.rpc("EventService", "PushEvent", { namespace: "default", event, payload: { i } });
    await endpoint.waitForRequests(before + 1, 20_000);
    out.push(endpoint.requests[before]!.receivedAt - sent);
  }
  return out.sort((a, b) => a - b);
}

test("a black-hole endpoint with a backlog holds only its share; healthy deliveries keep arriving at once", async (t) => {
  const svc = await startTestService(t, {
    workers: { maxInFlight: 16, maxInFlightPerWebhook: 4, maxInFlightPerOrigin: 8 },
    logLevel: "error",
  });
  const hole = await startBlackHole(t);
  const live = (await startReceiver(t)).path("/live");
  const deadId = await hook(svc, "iso.dead", hole.url, {
    requestTimeoutSeconds: 2,
    maxRetries: 10,
    retryBackoffSeconds: 1,
  });
  await hook(svc, "iso.live", live.url);
  await pushMany(svc, "iso.dead", 200);
  await eventually(
    async () => hole.state.open,
    (n) => n >= 4,
    10_000,
  );

  const times = await latencies(svc, "iso.live", live, 15);
  // Without isolation the dead endpoint takes every slot and each of these waits for its 2 s timeouts.
  assert.ok(
    times[7]! < 500 && times.at(-1)! < 3_000,
    `healthy push→arrival with a dead backlog: ${times.join(", ")} ms`,
  );
  // The receiver sees an aborted connection close a little late (its own loop is busy), so it may briefly count
  // a few more than the share; without a share the dead endpoint would hold all 16 slots.
  assert.ok(
    hole.state.maxOpen <= 8,
    `the dead endpoint held ${hole.state.maxOpen} connections (share: 4, process: 16)`,
  );

  // Attempt time is the endpoint's time: every recorded attempt is a request the endpoint actually received.
  await new Promise((r) => setTimeout(r, 2_500));
  const [{ attempts }] = await query(
    svc.databaseUrl,
    "select count(*)::int as attempts from delivery_attempts where webhook_id = $1",
    [deadId],
  );
  assert.ok(attempts > 0, "the dead endpoint's attempts time out and are recorded");
  assert.ok(attempts <= hole.state.requests, `${attempts} attempts recorded, ${hole.state.requests} requests received`);
});

test("retries of a slow endpoint never take the slots first attempts need", async (t) => {
  const svc = await startTestService(t, {
    workers: { maxInFlight: 8, maxInFlightPerWebhook: 8, maxInFlightPerOrigin: 8 },
    logLevel: "error",
  });
  const slow = (await startReceiver(t)).path("/slow").answers({ status: 500 });
  const live = (await startReceiver(t)).path("/live");
  await hook(svc, "lane.slow", slow.url, { maxRetries: 10, retryBackoffSeconds: 1, requestTimeoutSeconds: 10 });
  await hook(svc, "lane.live", live.url);
  await pushMany(svc, "lane.slow", 40);
  await slow.waitForRequests(40);
  // From now on every retry of the slow endpoint holds its slot for 3 s.
  slow.answers({ status: 500, delayMs: 3_000 });
  await eventually(
    async () => slow.requests.length,
    (n) => n >= 46,
    10_000,
  );

  const times = await latencies(svc, "lane.live", live, 7);
  // Without lanes the retries hold all 8 slots and each of these waits about 3 s for one to end.
  assert.ok(
    times[3]! < 1_000 && times.at(-1)! < 5_000,
    `first attempts while retries hold the worker: ${times.join(", ")} ms`,
  );
});

test("an endpoint that refuses connections opens its circuit: deliveries are held, one probe goes out, and it closes on the first answer", async (t) => {
  const svc = await startTestService(t, { workers: true, logLevel: "error" });
  const port = await freePort();
  const id = await hook(svc, "circuit.test", `http://127.0.0.1:${port}/back`, {
    maxRetries: 10,
    retryBackoffSeconds: 1,
  });
  await pushMany(svc, "circuit.test", 20);

  const open = await eventually(
    () => svc.rpc("HealthService", "GetWebhookHealth", { namespace: "default", webhookId: id }),
    (h) => h.circuit?.open === true,
    15_000,
    100,
  );
  assert.match(open.circuit.reason, /consecutive attempts got no answer \(last: connection_refused\)/);
  const rest = await svc.rest("GET", `/v1/consumers/default/webhooks/${id}/health`);
  assert.equal(rest.body.circuit.open, true);

  // While open nothing but a probe goes out (the first one 5 s after opening), and waiting deliveries say why they
  // wait. Attempts are judged by when they were made: those made before it opened may be written a little later.
  await new Promise((r) => setTimeout(r, 3_500));
  const [{ during }] = await query(
    svc.databaseUrl,
    `select count(*)::int as during from delivery_attempts
     where webhook_id = $1 and created_at > $2::timestamptz + interval '500 milliseconds' and created_at < $2::timestamptz + interval '3 seconds'`,
    [id, open.circuit.opened_at],
  );
  assert.ok(during <= 1, `attempts made while the circuit was open: ${during}`);
  const list = await svc.rest("GET", `/v1/consumers/default/deliveries?webhook_id=${id}&status=retrying`);
  assert.ok(list.body.deliveries.length > 0);
  for (const d of list.body.deliveries)
    assert.match(
      d.held_reason,
      /^endpoint circuit open since \S+: \d+ consecutive attempts got no answer \(last: connection_refused\); next probe at \S+$/,
    );

  // The endpoint comes back: the next probe gets an answer, the circuit closes and the backlog drains.
  const http = createHttpServer((req, res) => req.resume().on("end", () => res.end("ok")));
  t.after(() => new Promise((r) => http.close(r)));
  await new Promise<void>((resolve) => http.listen(port, "127.0.0.1", resolve));
  await eventually(
    async () =>
      (
        await query(
          svc.databaseUrl,
          "select count(*)::int as n from deliveries where webhook_id = $1 and status = 'success'",
          [id],
        )
      )[0].n,
    (n) => n === 20,
    40_000,
    250,
  );
  const closed = await svc.rpc("HealthService", "GetWebhookHealth", { namespace: "default", webhookId: id });
  assert.equal(closed.circuit.open, false);
  assert.equal(closed.circuit.reason, null);
});

test("pushes to an endpoint whose circuit is open do not wake the delivery workers (issue 30, item 6)", async (t) => {
  // Every push batch to a failing endpoint used to NOTIFY every instance's workers although nothing it created could
  // be claimed before the circuit's probe: an empty claim round per batch per instance, beside everyone's deliveries.
  const svc = await startTestService(t, { workers: true, logLevel: "error" });
  const id = await hook(svc, "circuit.quiet", `http://127.0.0.1:${await freePort()}/back`, {
    maxRetries: 10,
    retryBackoffSeconds: 1,
  });
  await pushMany(svc, "circuit.quiet", 20);
  await eventually(
    () => svc.rpc("HealthService", "GetWebhookHealth", { namespace: "default", webhookId: id }),
    (h) => h.circuit?.open === true,
    15_000,
    100,
  );

  const listener = new pg.Client({ connectionString: svc.databaseUrl });
  // The test database is dropped at the end, with this connection still open.
  listener.on("error", () => {});
  await listener.connect();
  t.after(() => listener.end().catch(() => {}));
  const wakeUps: string[] = [];
  listener.on("notification", (n) => {
    if (n.channel === "svc_work" && n.payload === "deliveries") wakeUps.push(n.payload);
  });
  await listener.query("listen svc_work");

  await pushMany(svc, "circuit.quiet", 60);
  const [{ held }] = await query(
    svc.databaseUrl,
    "select count(*)::int as held from deliveries where webhook_id = $1 and status = 'pending'",
    [id],
  );
  assert.ok(held > 0, "the pushes' deliveries wait for the circuit");
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(wakeUps.length, 0, "no delivery worker was woken for deliveries held by an open circuit");

  // The listener hears wake-ups for work a claim can take: a manual retry of one of them is such work.
  const [{ delivery }] = await query(
    svc.databaseUrl,
    "select id as delivery from deliveries where webhook_id = $1 and status = 'pending' limit 1",
    [id],
  );
  await svc.rpc("DeliveryService", "RetryDelivery", { namespace: "default", deliveryId: delivery });
  await eventually(
    async () => wakeUps.length,
    (n) => n > 0,
    5_000,
    50,
  );
});
