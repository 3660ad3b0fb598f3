// Secret rotation with an overlap window, checked with the stock Standard Webhooks and Svix verifiers.
import assert from "node:assert/strict";
import { createPublicKey, verify } from "node:crypto";
import { test, type TestContext } from "node:test";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { Webhook as SvixWebhook } from "svix";
import { destroyExpiredSecrets } from "../../lib/webhooks/rotation.ts";
import { startReceiver, type Endpoint, type RecordedRequest } from "../helpers/receiver.ts";
import { sharedService } from "../helpers/service.ts";

const svc = sharedService({ workers: true });
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;

const signatureHeaders = (req: RecordedRequest) => ({
  "webhook-id": String(req.headers["webhook-id"]),
  "webhook-timestamp": String(req.headers["webhook-timestamp"]),
  "webhook-signature": String(req.headers["webhook-signature"]),
});

/** Which of the given secrets both stock verifiers accept for a received delivery (they must agree). */
function acceptedBy(req: RecordedRequest, secrets: Record<string, string>): string[] {
  const accepted: string[] = [];
  for (const [name, secret] of Object.entries(secrets)) {
    const verifies = (fn: () => unknown) => {
      try {
        fn();
        return true;
      } catch {
        return false;
      }
    };
    const standard = verifies(() => new StandardWebhook(secret).verify(req.body, signatureHeaders(req)));
    const svix = verifies(() => new SvixWebhook(secret).verify(req.body, signatureHeaders(req)));
    assert.equal(standard, svix, `standardwebhooks and svix disagree about ${name}`);
    if (standard) accepted.push(name);
  }
  return accepted;
}

function ed25519Verifies(req: RecordedRequest, publicKeyBase64: string): boolean {
  const key = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKeyBase64, "base64").toString("base64url") },
    format: "jwk",
  });
  const signed = Buffer.from(`${req.headers["webhook-id"]}.${req.headers["webhook-timestamp"]}.${req.body}`);
  return String(req.headers["webhook-signature"])
    .split(" ")
    .filter((s) => s.startsWith("v1a,"))
    .some((s) => verify(null, signed, key, Buffer.from(s.slice(4), "base64")));
}

async function setup(t: TestContext) {
  const event = unique("rotate");
  const hook: Endpoint = (await startReceiver(t)).path("/rotate");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const reg = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: hook.url,
    events: [event],
  });
  let sent = 0;
  const deliver = async () => {
    await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: { n: ++sent } });
    return (await hook.waitForRequests(sent))[sent - 1]!;
  };
  return { reg, deliver };
}

const schemes = (req: RecordedRequest) =>
  String(req.headers["webhook-signature"])
    .split(" ")
    .map((s) => s.split(",")[0]);

test("a rotation signs with old and new secrets and keys through the window, then with the new ones only, and destroys the old", async (t) => {
  const { reg, deliver } = await setup(t);
  const before = await deliver();
  assert.deepEqual(acceptedBy(before, { old: reg.webhook_secret }), ["old"]);
  assert.deepEqual(schemes(before), ["v1", "v1a"]);

  const rotated = await svc().rest("POST", `/v1/consumers/default/webhooks/${reg.webhook_id}/secret:rotate`, {});
  assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
  assert.match(rotated.body.webhook_secret, /^whsec_/);
  assert.notEqual(rotated.body.webhook_secret, reg.webhook_secret);
  assert.notEqual(rotated.body.signing_public_key, reg.signing_public_key);
  const windowMs = Date.parse(rotated.body.previous_secret_expires_at) - Date.now();
  assert.ok(windowMs > 86_000_000 && windowMs <= 86_400_000, `default window is 24 h (${windowMs} ms)`);
  const after = (await svc().rest("GET", `/v1/consumers/default/webhooks/${reg.webhook_id}`)).body;
  assert.doesNotMatch(after.http_config.webhook_secret, /[A-Za-z0-9+/]{8}/, "reads stay masked");

  const during = await deliver();
  assert.deepEqual(schemes(during), ["v1", "v1", "v1a", "v1a"]);
  assert.deepEqual(acceptedBy(during, { old: reg.webhook_secret, new: rotated.body.webhook_secret }), ["old", "new"]);
  const [newV1] = String(during.headers["webhook-signature"]).split(" ");
  assert.ok(
    acceptedBy(
      { ...during, headers: { ...during.headers, "webhook-signature": newV1 } },
      { new: rotated.body.webhook_secret },
    ).length === 1,
    "the new signature comes first",
  );
  assert.ok(
    ed25519Verifies(during, reg.signing_public_key) && ed25519Verifies(during, rotated.body.signing_public_key),
  );

  // The window ends: move the clock by backdating it rather than sleeping.
  await svc().app.db.query(
    "update webhooks set previous_expires_at = now() - interval '1 second', updated_at = now() where id = $1",
    [reg.webhook_id],
  );
  const ended = await deliver();
  assert.deepEqual(schemes(ended), ["v1", "v1a"]);
  assert.deepEqual(acceptedBy(ended, { old: reg.webhook_secret, new: rotated.body.webhook_secret }), ["new"]);
  assert.ok(!ed25519Verifies(ended, reg.signing_public_key) && ed25519Verifies(ended, rotated.body.signing_public_key));

  // The scheduled job may have destroyed it already; either way nothing of the old pair is left.
  await destroyExpiredSecrets(svc().app.db);
  const { rows } = await svc().app.db.query(
    "select previous_signing_secret, previous_signing_key, previous_expires_at from webhooks where id = $1",
    [reg.webhook_id],
  );
  assert.deepEqual(rows[0], { previous_signing_secret: null, previous_signing_key: null, previous_expires_at: null });
});

test("RotateWebhookSecret with grace_seconds 0 and a caller's secret replaces at once; a second rotation keeps only one old pair", async (t) => {
  const { reg, deliver } = await setup(t);
  const mine = "whsec_" + Buffer.alloc(32, 7).toString("base64");
  const res = await svc().rpc("WebhookService", "RotateWebhookSecret", {
    namespace: "default",
    webhookId: reg.webhook_id,
    secret: mine,
    graceSeconds: "0",
  });
  assert.equal(res.webhook_secret, mine);
  assert.equal(res.previous_secret_expires_at, null);
  assert.deepEqual(acceptedBy(await deliver(), { old: reg.webhook_secret, mine }), ["mine"]);

  const second = await svc().rpc("WebhookService", "RotateWebhookSecret", {
    namespace: "default",
    webhookId: reg.webhook_id,
  });
  const third = await svc().rpc("WebhookService", "RotateWebhookSecret", {
    namespace: "default",
    webhookId: reg.webhook_id,
    graceSeconds: 60,
  });
  const req = await deliver();
  assert.deepEqual(acceptedBy(req, { mine, second: second.webhook_secret, third: third.webhook_secret }), [
    "second",
    "third",
  ]);
  assert.equal(schemes(req).length, 4, "at most two pairs sign");
});

test("UpdateWebhookConfig's webhook_secret still replaces at once and ends a running window", async (t) => {
  const { reg, deliver } = await setup(t);
  const rotated = await svc().rpc("WebhookService", "RotateWebhookSecret", {
    namespace: "default",
    webhookId: reg.webhook_id,
  });
  const replaced = "whsec_" + Buffer.alloc(32, 9).toString("base64");
  await svc().rpc("WebhookService", "UpdateWebhookConfig", {
    namespace: "default",
    webhookId: reg.webhook_id,
    updates: { httpConfig: { webhookSecret: replaced } },
    updateMask: "httpConfig.webhookSecret",
  });
  assert.deepEqual(
    acceptedBy(await deliver(), { old: reg.webhook_secret, rotated: rotated.webhook_secret, replaced }),
    ["replaced"],
  );
});

test("rotation input is checked: window above 7 days, a malformed secret and an unknown webhook", async () => {
  const big = await svc().rest(
    "POST",
    "/v1/consumers/default/webhooks/00000000-0000-4000-8000-000000000000/secret:rotate",
    { grace_seconds: 604_801 },
  );
  assert.equal(big.status, 400);
  assert.match(big.body.detail, /grace_seconds/);
  const unknown = await svc().rest(
    "POST",
    "/v1/consumers/default/webhooks/00000000-0000-4000-8000-000000000000/secret:rotate",
    {},
  );
  assert.equal(unknown.status, 404);
  const rpcBad = await svc().rpcRaw("WebhookService", "RotateWebhookSecret", {
    namespace: "default",
    webhookId: "00000000-0000-4000-8000-000000000000",
    secret: "nope",
  });
  assert.equal(rpcBad.status, 400);
  assert.match(rpcBad.body.message, /whsec_/);
  const literal = await svc().rest(
    "POST",
    "/v1/consumers/default/webhooks/00000000-0000-4000-8000-000000000000/secretXrotate",
    {},
  );
  assert.equal(literal.status, 404, "the colon is literal, not a parameter");
});
