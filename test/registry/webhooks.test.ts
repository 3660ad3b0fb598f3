import assert from "node:assert/strict";
import { test } from "node:test";
import { type RpcError, sharedService } from "../helpers/service.ts";

const svc = sharedService();
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;
const url = (p = unique("h")) => `https://93.184.216.34/${p}`;

async function namespace() {
  const ns = unique("ns");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  return ns;
}

const get = async (ns: string, id: string) =>
  (await svc().rpc("WebhookService", "ListWebhooks", { namespace: ns, webhookId: id })).webhooks[0];

test("RegisterWebhook returns id, time, the plaintext secret once and a 32-byte Ed25519 public key", async () => {
  const ns = await namespace();
  const res = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: url(),
    events: ["a.b", "c.d"],
  });
  assert.match(res.webhook_id, /^[0-9a-f-]{36}$/);
  assert.ok(Date.parse(res.created_at));
  assert.match(res.webhook_secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  assert.equal(Buffer.from(res.signing_public_key, "base64").length, 32);
  const hook = await get(ns, res.webhook_id);
  assert.deepEqual(hook.events, ["a.b", "c.d"]);
  assert.equal(hook.http_config.webhook_secret, "whsec_" + "*".repeat(res.webhook_secret.length - 6));
  assert.equal(hook.signing_public_key, res.signing_public_key);
  assert.equal(hook.health, "HEALTH_UNSPECIFIED");
  assert.equal(hook.active, true);
  const subs = await svc().rpc("SubscriptionService", "ListSubscriptions", {
    namespace: ns,
    webhookId: res.webhook_id,
  });
  assert.deepEqual(subs.subscriptions.map((s: any) => s.event_name).sort(), ["a.b", "c.d"]);
});

test("http_config takes the CONTRACT's defaults and refuses values out of range", async () => {
  const ns = await namespace();
  const res = await svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: url(), events: ["a"] });
  const { http_config } = await get(ns, res.webhook_id);
  const { webhook_secret: _s, ...config } = http_config;
  assert.deepEqual(config, {
    max_retries: 3,
    retry_backoff_seconds: 60,
    request_timeout_seconds: 30,
    expected_status_codes: [200, 201, 202, 204],
    verify_ssl: true,
    capture_response_body: false,
    follow_redirects: true,
    rate_limit_rps: null,
    pause_on_gone: true,
    auto_disable_after_seconds: 0,
  });
  for (const bad of [
    { maxRetries: 11 },
    { maxRetries: -1 },
    { retryBackoffSeconds: 3601 },
    { requestTimeoutSeconds: 0.5 },
    { requestTimeoutSeconds: 301 },
    { expectedStatusCodes: [99] },
    { expectedStatusCodes: [600] },
    { rateLimitRps: 0 },
  ]) {
    await assert.rejects(
      svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: url(), events: ["a"], httpConfig: bad }),
      (e: RpcError) => e.code === "invalid_argument",
      JSON.stringify(bad),
    );
  }
});

test("a caller-supplied secret is kept; a malformed one is refused", async () => {
  const ns = await namespace();
  const secret = "whsec_" + Buffer.alloc(32, 7).toString("base64");
  const res = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: url(),
    events: ["a"],
    httpConfig: { webhookSecret: secret },
  });
  assert.equal(res.webhook_secret, secret);
  for (const bad of ["plain", "whsec_###", "whsec_" + Buffer.alloc(8).toString("base64")]) {
    await assert.rejects(
      svc().rpc("WebhookService", "RegisterWebhook", {
        namespace: ns,
        url: url(),
        events: ["a"],
        httpConfig: { webhookSecret: bad },
      }),
      (e: RpcError) => e.code === "invalid_argument",
    );
  }
});

test("registration needs an existing namespace, at least one event, an http(s) URL unique in the namespace", async () => {
  const ns = await namespace();
  const u = url();
  await assert.rejects(
    svc().rpc("WebhookService", "RegisterWebhook", { namespace: unique("ghost"), url: u, events: ["a"] }),
    (e: RpcError) => e.code === "not_found",
  );
  await assert.rejects(
    svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: u, events: [] }),
    (e: RpcError) => e.code === "invalid_argument",
  );
  await assert.rejects(
    svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: "ftp://93.184.216.34/x", events: ["a"] }),
    (e: RpcError) => e.code === "invalid_argument",
  );
  await assert.rejects(
    svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: "not a url", events: ["a"] }),
    (e: RpcError) => e.code === "invalid_argument",
  );
  await svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: u, events: ["a"] });
  await assert.rejects(
    svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: u, events: ["b"] }),
    (e: RpcError) => e.code === "already_exists",
  );
  const other = await namespace();
  await svc().rpc("WebhookService", "RegisterWebhook", { namespace: other, url: u, events: ["a"] });
});

test("a URL pointing at a blocked target is refused with the rule as the reason", async () => {
  const ns = await namespace();
  for (const [u, pattern] of [
    ["http://169.254.169.254/latest", /cloud metadata/],
    ["http://10.0.0.5/", /private network/],
    ["http://localhost:8080/", /localhost/],
    ["http://[::1]/", /loopback/],
  ] as const) {
    const res = await svc().rpcRaw("WebhookService", "RegisterWebhook", { namespace: ns, url: u, events: ["a"] });
    assert.equal(res.status, 400, u);
    assert.equal(res.body.code, "invalid_argument");
    assert.match(res.body.message, pattern);
  }
  const restRes = await svc().rest("POST", `/v1/consumers/${ns}/webhooks`, {
    url: "http://192.168.1.1/",
    events: ["a"],
  });
  assert.equal(restRes.status, 400);
  assert.match(restRes.body.detail, /private network/);
});

test("custom headers are validated on save: names, control characters, 8 KiB, reserved framing headers", async () => {
  const ns = await namespace();
  const bad: Record<string, string>[] = [
    { "Bad Name": "x" },
    { "X-Ok": "line\r\nbreak" },
    { "X-Ok": "nul\u0000" },
    { "X-Big": "x".repeat(8 * 1024 + 1) },
    ...[
      "Host",
      "Content-Length",
      "Transfer-Encoding",
      "Connection",
      "Keep-Alive",
      "Proxy-Connection",
      "TE",
      "Trailer",
      "Upgrade",
    ].map((h) => ({ [h]: "x" })),
  ];
  for (const headers of bad) {
    await assert.rejects(
      svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: url(), events: ["a"], headers }),
      (e: RpcError) => e.code === "invalid_argument",
      JSON.stringify(headers).slice(0, 80),
    );
    const r = await svc().rest("POST", `/v1/consumers/${ns}/webhooks`, {
      url: url(),
      events: ["a"],
      secret_headers: headers,
    });
    assert.equal(r.status, 400);
  }
  await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: url(),
    events: ["a"],
    headers: { "X-Tab": "a\tb", "X-Max": "x".repeat(8 * 1024) },
  });
});

test("secret headers read back as names with a six-character mask", async () => {
  const ns = await namespace();
  const res = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: url(),
    events: ["a"],
    secretHeaders: { Authorization: "Bearer abc", "X-Key": "k" },
    headers: { "X-Plain": "visible" },
  });
  const hook = await get(ns, res.webhook_id);
  assert.deepEqual(hook.secret_headers, { Authorization: "******", "X-Key": "******" });
  assert.deepEqual(hook.headers, { "X-Plain": "visible" });
});

test("nothing secret is stored in plaintext", async () => {
  const ns = await namespace();
  const secret = "whsec_" + Buffer.alloc(32, 9).toString("base64");
  const res = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: url(),
    events: ["a"],
    httpConfig: { webhookSecret: secret },
    secretHeaders: { Authorization: "Bearer super-secret-token" },
  });
  const { rows } = await svc().app.db.query("select * from webhooks where id = $1", [res.webhook_id]);
  const stored = JSON.stringify(rows[0], (_k, v) =>
    v && v.type === "Buffer" ? Buffer.from(v.data).toString("latin1") : v,
  );
  assert.ok(!stored.includes(secret.slice(6)), "the signing secret");
  assert.ok(!stored.includes("super-secret-token"), "a secret header value");
  for (const column of ["signing_secret", "signing_key", "secret_headers"])
    assert.equal(rows[0][column][0], 0x02, `${column} is an envelope ciphertext`);
  const bytes = Buffer.concat([rows[0].signing_secret, rows[0].signing_key, rows[0].secret_headers]);
  assert.ok(!bytes.includes(Buffer.from(secret.slice(6), "base64")));
});

test("a secret that cannot be decrypted reads back as a fixed six-character mask", async () => {
  const ns = await namespace();
  const res = await svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: url(), events: ["a"] });
  await svc().app.db.query(
    "update webhooks set signing_secret = set_byte(signing_secret, 60, get_byte(signing_secret, 60) # 1) where id = $1",
    [res.webhook_id],
  );
  assert.equal((await get(ns, res.webhook_id)).http_config.webhook_secret, "******");
});

test("ListWebhooks filters by event, active state and id, and pages", async () => {
  const ns = await namespace();
  const a = await svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: url(), events: ["x", "y"] });
  const b = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: url(),
    events: ["y"],
    active: false,
  });
  const ids = (r: any) => r.webhooks.map((w: any) => w.webhook_id);
  assert.deepEqual(ids(await svc().rpc("WebhookService", "ListWebhooks", { namespace: ns })), [
    a.webhook_id,
    b.webhook_id,
  ]);
  assert.deepEqual(ids(await svc().rpc("WebhookService", "ListWebhooks", { namespace: ns, event: "x" })), [
    a.webhook_id,
  ]);
  assert.deepEqual(ids(await svc().rpc("WebhookService", "ListWebhooks", { namespace: ns, activeOnly: true })), [
    a.webhook_id,
  ]);
  assert.deepEqual(ids(await svc().rpc("WebhookService", "ListWebhooks", { namespace: ns, webhookId: b.webhook_id })), [
    b.webhook_id,
  ]);
  const page = await svc().rpc("WebhookService", "ListWebhooks", {
    namespace: ns,
    pagination: { limit: 1, offset: 1 },
  });
  assert.deepEqual([ids(page), page.pagination], [[b.webhook_id], { total_count: 2, limit: 1, offset: 1 }]);
  await assert.rejects(
    svc().rpc("WebhookService", "ListWebhooks", { namespace: unique("ghost") }),
    (e: RpcError) => e.code === "not_found",
  );
});

test("UpdateWebhookConfig writes only the fields in update_mask", async () => {
  const ns = await namespace();
  const res = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: url(),
    events: ["a"],
    description: "old",
    headers: { "X-A": "1" },
  });
  await svc().rpc("WebhookService", "UpdateWebhookConfig", {
    namespace: ns,
    webhookId: res.webhook_id,
    updates: { description: "new", headers: { "X-B": "2" }, active: false },
    updateMask: { paths: ["description"] },
  });
  const hook = await get(ns, res.webhook_id);
  assert.deepEqual([hook.description, hook.headers, hook.active], ["new", { "X-A": "1" }, true]);
  await svc().rpc("WebhookService", "UpdateWebhookConfig", {
    namespace: ns,
    webhookId: res.webhook_id,
    updates: {},
    updateMask: "active",
  });
  assert.equal((await get(ns, res.webhook_id)).active, false, "a listed field with a zero value is written");
  await assert.rejects(
    svc().rpc("WebhookService", "UpdateWebhookConfig", {
      namespace: ns,
      webhookId: res.webhook_id,
      updates: {},
      updateMask: "bogus",
    }),
    (e: RpcError) => e.code === "invalid_argument",
  );
});

test("without a mask every non-zero field is applied (legacy)", async () => {
  const ns = await namespace();
  const res = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: url(),
    events: ["a"],
    description: "old",
  });
  const newUrl = url();
  await svc().rpc("WebhookService", "UpdateWebhookConfig", {
    namespace: ns,
    webhookId: res.webhook_id,
    updates: { url: newUrl, description: "", active: false },
  });
  const hook = await get(ns, res.webhook_id);
  assert.deepEqual([hook.url, hook.description, hook.active], [newUrl, "old", true]);
});

test("events in the mask replace the subscription set", async () => {
  const ns = await namespace();
  const res = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: url(),
    events: ["keep", "drop"],
  });
  await svc().rpc("WebhookService", "UpdateWebhookConfig", {
    namespace: ns,
    webhookId: res.webhook_id,
    updates: { events: ["keep", "new"] },
    updateMask: "events",
  });
  const subs = await svc().rpc("SubscriptionService", "ListSubscriptions", {
    namespace: ns,
    webhookId: res.webhook_id,
  });
  assert.deepEqual(subs.subscriptions.map((s: any) => s.event_name).sort(), ["keep", "new"]);
});

test("headers and secret_headers replace all values; an empty map clears them", async () => {
  const ns = await namespace();
  const res = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: url(),
    events: ["a"],
    headers: { "X-A": "1", "X-B": "2" },
    secretHeaders: { "X-S": "s" },
  });
  await svc().rpc("WebhookService", "UpdateWebhookConfig", {
    namespace: ns,
    webhookId: res.webhook_id,
    updates: { headers: { "X-C": "3" }, secretHeaders: {} },
    updateMask: "headers,secret_headers",
  });
  const hook = await get(ns, res.webhook_id);
  assert.deepEqual([hook.headers, hook.secret_headers], [{ "X-C": "3" }, {}]);
});

test("http_config is replaced as a whole, and the secret changes only when http_config.webhook_secret is in the mask", async () => {
  const ns = await namespace();
  const res = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: url(),
    events: ["a"],
    httpConfig: { maxRetries: 7, verifySsl: false },
  });
  const secretBefore = (await svc().app.db.query("select signing_secret from webhooks where id = $1", [res.webhook_id]))
    .rows[0].signing_secret;
  await svc().rpc("WebhookService", "UpdateWebhookConfig", {
    namespace: ns,
    webhookId: res.webhook_id,
    updates: {
      httpConfig: { requestTimeoutSeconds: 5, webhookSecret: "whsec_" + Buffer.alloc(32, 1).toString("base64") },
    },
    updateMask: "http_config",
  });
  let hook = await get(ns, res.webhook_id);
  assert.deepEqual(
    [hook.http_config.max_retries, hook.http_config.verify_ssl, hook.http_config.request_timeout_seconds],
    [3, true, 5],
  );
  const secretAfter = (await svc().app.db.query("select signing_secret from webhooks where id = $1", [res.webhook_id]))
    .rows[0].signing_secret;
  assert.deepEqual(secretAfter, secretBefore, "the stored secret was kept");
  const replacement = "whsec_" + Buffer.alloc(40, 2).toString("base64");
  await svc().rpc("WebhookService", "UpdateWebhookConfig", {
    namespace: ns,
    webhookId: res.webhook_id,
    updates: { httpConfig: { webhookSecret: replacement } },
    updateMask: "http_config.webhook_secret",
  });
  hook = await get(ns, res.webhook_id);
  assert.equal(hook.http_config.webhook_secret, "whsec_" + "*".repeat(replacement.length - 6));
  assert.equal(hook.http_config.request_timeout_seconds, 5, "only the secret changed");
  await svc().rpc("WebhookService", "UpdateWebhookConfig", {
    namespace: ns,
    webhookId: res.webhook_id,
    updates: { httpConfig: { webhookSecret: "" } },
    updateMask: "http_config.webhook_secret",
  });
  assert.equal((await get(ns, res.webhook_id)).http_config.webhook_secret, "", "no secret: empty field");
});

test("a URL change is checked against the target policy and uniqueness", async () => {
  const ns = await namespace();
  const a = await svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: url(), events: ["a"] });
  const b = await svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: url(), events: ["a"] });
  const taken = (await get(ns, a.webhook_id)).url;
  await assert.rejects(
    svc().rpc("WebhookService", "UpdateWebhookConfig", {
      namespace: ns,
      webhookId: b.webhook_id,
      updates: { url: taken },
      updateMask: "url",
    }),
    (e: RpcError) => e.code === "already_exists",
  );
  await assert.rejects(
    svc().rpc("WebhookService", "UpdateWebhookConfig", {
      namespace: ns,
      webhookId: b.webhook_id,
      updates: { url: "http://127.0.0.2/" },
      updateMask: "url",
    }),
    (e: RpcError) => e.code === "invalid_argument",
  );
});

test("PauseWebhook and ResumeWebhook flip the active state and keep the reason", async () => {
  const ns = await namespace();
  const res = await svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: url(), events: ["a"] });
  await svc().rpc("WebhookService", "PauseWebhook", {
    namespace: ns,
    webhookId: res.webhook_id,
    reason: "receiver migration",
  });
  let hook = await get(ns, res.webhook_id);
  assert.deepEqual([hook.active, hook.paused_reason], [false, "receiver migration"]);
  await svc().rpc("WebhookService", "ResumeWebhook", { namespace: ns, webhookId: res.webhook_id });
  hook = await get(ns, res.webhook_id);
  assert.deepEqual([hook.active, hook.paused_reason], [true, ""]);
  await assert.rejects(
    svc().rpc("WebhookService", "PauseWebhook", { namespace: ns, webhookId: crypto.randomUUID() }),
    (e: RpcError) => e.code === "not_found",
  );
});

test("UnregisterWebhook removes the webhook and its subscriptions; its deliveries go in batches", async () => {
  const ns = await namespace();
  const res = await svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: url(), events: ["a", "b"] });
  const db = svc().app.db;
  await db.query(
    `insert into deliveries (id, namespace, event_id, webhook_id, status) select gen_random_uuid(), ` +
      `$1, gen_random_uuid(), $2, 'failed' from generate_series(1, 2500)`,
    [ns, res.webhook_id],
  );
  await db.query(
    `insert into delivery_attempts (id, delivery_id, webhook_id, attempt, success, error_category) ` +
      `select gen_random_uuid(), id, webhook_id, 1, false, 'server_error' from deliveries where ` +
      `webhook_id = $1`,
    [res.webhook_id],
  );
  await svc().rpc("WebhookService", "UnregisterWebhook", { namespace: ns, webhookId: res.webhook_id });
  await assert.rejects(
    svc().rpc("WebhookService", "UnregisterWebhook", { namespace: ns, webhookId: res.webhook_id }),
    (e: RpcError) => e.code === "not_found",
  );
  assert.equal((await svc().rpc("WebhookService", "ListWebhooks", { namespace: ns })).webhooks.length, 0);
  assert.equal(
    (await db.query("select count(*)::int as n from subscriptions where webhook_id = $1", [res.webhook_id])).rows[0].n,
    0,
  );
  const { purgeDeletedWebhooks } = await import("../../lib/webhooks/tombstones.ts");
  const purged = await purgeDeletedWebhooks(db, { batchSize: 1000 });
  assert.ok(purged.deliveries >= 2500);
  assert.equal(
    (await db.query("select count(*)::int as n from deliveries where webhook_id = $1", [res.webhook_id])).rows[0].n,
    0,
  );
  assert.equal(
    (await db.query("select count(*)::int as n from delivery_attempts where webhook_id = $1", [res.webhook_id])).rows[0]
      .n,
    0,
  );
  assert.equal(
    (await db.query("select count(*)::int as n from webhook_tombstones where webhook_id = $1", [res.webhook_id]))
      .rows[0].n,
    0,
  );
});

test("a webhook of one namespace is invisible from another in every lookup", async () => {
  const ns = await namespace();
  const other = await namespace();
  const res = await svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: url(), events: ["a"] });
  const id = res.webhook_id;
  assert.equal(
    (await svc().rpc("WebhookService", "ListWebhooks", { namespace: other, webhookId: id })).webhooks.length,
    0,
  );
  for (const [method, body] of [
    ["UpdateWebhookConfig", { updates: { description: "x" }, updateMask: "description" }],
    ["PauseWebhook", {}],
    ["ResumeWebhook", {}],
    ["UnregisterWebhook", {}],
  ] as const) {
    await assert.rejects(
      svc().rpc("WebhookService", method, { namespace: other, webhookId: id, ...body }),
      (e: RpcError) => e.code === "not_found",
      method,
    );
  }
  await assert.rejects(
    svc().rpc("SubscriptionService", "CreateSubscription", { namespace: other, webhookId: id, eventName: "z" }),
    (e: RpcError) => e.code === "not_found",
  );
  for (const [verb, path] of [
    ["GET", ""],
    ["PATCH", ""],
    ["DELETE", ""],
    ["POST", "/pause"],
    ["POST", "/resume"],
    ["POST", "/retry"],
  ] as const) {
    const r = await svc().rest(
      verb,
      `/v1/consumers/${other}/webhooks/${id}${path}`,
      verb === "GET" || verb === "DELETE" ? undefined : {},
    );
    assert.equal(r.status, 404, `${verb} ${path}`);
  }
  assert.equal((await get(ns, id)).active, true, "nothing happened to it");
});

test("REST: webhooks are created, read, patched (present fields only), paused, resumed and deleted", async () => {
  const consumer = unique("shop");
  const created = await svc().rest("POST", `/v1/consumers/${consumer}/webhooks`, {
    url: url(),
    events: ["order.created"],
    description: "d",
  });
  assert.equal(created.status, 201);
  assert.match(created.body.http_config.webhook_secret, /^whsec_[^*]+$/);
  const id = created.body.webhook_id;
  const got = await svc().rest("GET", `/v1/consumers/${consumer}/webhooks/${id}`);
  assert.equal(got.body.health, "unspecified");
  assert.match(got.body.http_config.webhook_secret, /^whsec_\*+$/);
  const patched = await svc().rest("PATCH", `/v1/consumers/${consumer}/webhooks/${id}`, { active: false });
  assert.deepEqual([patched.body.active, patched.body.description], [false, "d"]);
  const paused = await svc().rest("POST", `/v1/consumers/${consumer}/webhooks/${id}/pause`, { reason: "why" });
  assert.equal(paused.body.paused_reason, "why");
  assert.equal((await svc().rest("POST", `/v1/consumers/${consumer}/webhooks/${id}/resume`)).body.active, true);
  const list = await svc().rest("GET", `/v1/consumers/${consumer}/webhooks?event=order.created`);
  assert.equal(list.body.webhooks.length, 1);
  const global = await svc().rest("GET", `/v1/webhooks?consumer=${consumer}`);
  assert.equal(global.body.webhooks.length, 1);
  assert.equal((await svc().rest("DELETE", `/v1/consumers/${consumer}/webhooks/${id}`)).status, 204);
  assert.equal((await svc().rest("GET", `/v1/consumers/${consumer}/webhooks/${id}`)).status, 404);
  assert.equal((await svc().rest("GET", `/v1/consumers/${consumer}/webhooks/not-a-uuid`)).status, 400);
});
