// The portal's in-browser verifier (ui/portal/verify.ts), checked against signatures made by the stock
// standardwebhooks library (v1) and node:crypto (v1a) — never by our own signer.
import assert from "node:assert/strict";
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { test } from "node:test";
import { Webhook } from "standardwebhooks";
import { verifySignature } from "../../ui/portal/verify.ts";

const secret = "whsec_" + randomBytes(32).toString("base64");
const { publicKey, privateKey } = generateKeyPairSync("ed25519");
const publicKeyB64 = Buffer.from(publicKey.export({ format: "der", type: "spki" }))
  .subarray(-32)
  .toString("base64");
const body = JSON.stringify({ event_name: "order.created", payload: { id: 42, note: "déjà vu" } });
const id = "msg_1";
const now = Math.floor(Date.now() / 1000);

function signed(at = now, content = body) {
  const v1 = new Webhook(secret).sign(id, new Date(at * 1000), content);
  const v1a = "v1a," + sign(null, Buffer.from(`${id}.${at}.${content}`), privateKey).toString("base64");
  return { id, timestamp: String(at), signature: `${v1} ${v1a}`, body, nowSeconds: now };
}

const texts = (r: ReturnType<typeof verifySignature>) => r.findings.map((f) => f.text).join("\n");

test("both signatures of an untouched message match, and the result says which", () => {
  const r = verifySignature({ ...signed(), secret, publicKey: publicKeyB64 });
  assert.equal(r.ok, true, texts(r));
  assert.deepEqual(
    r.schemes.map((s) => s.matchedIndex),
    [1, 1],
  );
  assert.match(texts(r), /v1 \(HMAC-SHA256, signing secret\) signature matched/);
  assert.match(texts(r), /v1a \(Ed25519, public key\) signature matched/);
});

test("an altered body fails both schemes", () => {
  const r = verifySignature({ ...signed(), body: body.replace("42", "43"), secret, publicKey: publicKeyB64 });
  assert.equal(r.ok, false);
  assert.deepEqual(
    r.schemes.map((s) => s.matchedIndex),
    [undefined, undefined],
  );
  assert.match(texts(r), /did not match: either this secret/);
});

test("a wrong secret with a matching Ed25519 signature is named as the wrong secret", () => {
  const other = "whsec_" + randomBytes(32).toString("base64");
  const r = verifySignature({ ...signed(), secret: other, publicKey: publicKeyB64 });
  assert.equal(r.ok, false);
  assert.match(texts(r), /v1a signature did, so the body, id and timestamp are intact: this secret is not the one/);
});

test("a re-formatted JSON body is recognised as such", () => {
  const r = verifySignature({ ...signed(), body: JSON.stringify(JSON.parse(body), null, 2), secret });
  assert.equal(r.ok, false);
  assert.match(texts(r), /matches the body as compact JSON/);
});

test("a matching signature outside the five-minute tolerance is refused, with the reason", () => {
  const r = verifySignature({ ...signed(now - 600), nowSeconds: now, secret });
  assert.equal(r.ok, false);
  assert.equal(r.schemes[0]!.matchedIndex, 1);
  assert.match(texts(r), /10 minutes old, outside the 5-minute tolerance/);
});

test("missing headers or keys are asked for, and a bad public key is reported", () => {
  assert.match(
    texts(verifySignature({ id: "", timestamp: "", signature: "", body, secret })),
    /Paste all three headers/,
  );
  assert.match(texts(verifySignature({ ...signed() })), /Paste the endpoint's signing secret/);
  const r = verifySignature({ ...signed(), publicKey: "AAAA" });
  assert.equal(r.ok, false);
  assert.match(texts(r), /public key cannot be read: an Ed25519 public key is 32 bytes/);
});
