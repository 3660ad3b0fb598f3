import assert from "node:assert/strict";
import { createPublicKey, verify } from "node:crypto";
import { test } from "node:test";
import * as ed from "@noble/ed25519";
import { sha512 } from "@noble/hashes/sha2.js";
import { Webhook } from "standardwebhooks";
import { generateEd25519Keypair, generateSigningSecret } from "../../lib/webhooks/secrets.ts";
import { ed25519KeyFromSeed, hmacKeyFromSecret, signatureHeaders } from "../../lib/deliveries/signing.ts";

ed.hashes.sha512 = sha512;

test("the stock standardwebhooks library verifies our HMAC signature", () => {
  const secret = generateSigningSecret();
  const body = JSON.stringify({ version: "1", payload: { amount: 10, note: "ünïcode" } });
  const ts = Math.floor(Date.now() / 1000);
  const headers = signatureHeaders({ hmacKey: hmacKeyFromSecret(secret), ed25519: null }, "msg_123", ts, body)!;
  const verified = new Webhook(secret).verify(body, headers as unknown as Record<string, string>);
  assert.deepEqual(verified, JSON.parse(body));
  assert.throws(() => new Webhook(secret).verify(body + " ", headers as unknown as Record<string, string>));
});

test("node:crypto verifies our Ed25519 signature with the public key as reads return it", () => {
  const keys = generateEd25519Keypair();
  const body = '{"a":1}';
  const headers = signatureHeaders(
    { hmacKey: null, ed25519: ed25519KeyFromSeed(keys.seed) },
    "msg_x",
    1700000000,
    body,
  )!;
  const sig = headers["webhook-signature"];
  assert.match(sig, /^v1a,[A-Za-z0-9+/]+={0,2}$/);
  const publicKeyBase64 = keys.publicKey.toString("base64");
  const publicKey = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKeyBase64, "base64").toString("base64url") },
    format: "jwk",
  });
  const ok = verify(null, Buffer.from(`msg_x.1700000000.${body}`), publicKey, Buffer.from(sig.slice(4), "base64"));
  assert.equal(ok, true);
  assert.equal(
    verify(null, Buffer.from(`msg_x.1700000001.${body}`), publicKey, Buffer.from(sig.slice(4), "base64")),
    false,
  );
});

test("the Ed25519 signature equals the one @noble/ed25519 computes from the same seed, with libsodium and with node:crypto", () => {
  for (let i = 0; i < 20; i++) {
    const keys = generateEd25519Keypair();
    assert.deepEqual(Buffer.from(ed.getPublicKey(keys.seed)), keys.publicKey);
    const body = JSON.stringify({ i, note: "ünïcode ".repeat(i * 10) });
    const noble = Buffer.from(ed.sign(Buffer.from(`msg_${i}.5.${body}`), keys.seed)).toString("base64");
    for (const using of ["sodium", "node"] as const) {
      const headers = signatureHeaders(
        { hmacKey: null, ed25519: ed25519KeyFromSeed(keys.seed, using) },
        `msg_${i}`,
        5,
        body,
      )!;
      assert.equal(headers["webhook-signature"], `v1a,${noble}`, using);
    }
  }
});

test("deliveries are signed with libsodium where its addon loads (here: this platform's prebuilt one)", () => {
  assert.ok("sodium" in ed25519KeyFromSeed(generateEd25519Keypair().seed));
});

test("a webhook with both carries both signatures, space-separated, HMAC first", () => {
  const keys = generateEd25519Keypair();
  const h = signatureHeaders(
    { hmacKey: hmacKeyFromSecret(generateSigningSecret()), ed25519: ed25519KeyFromSeed(keys.seed) },
    "msg_2",
    1,
    "{}",
  )!;
  const parts = h["webhook-signature"].split(" ");
  assert.equal(parts.length, 2);
  assert.ok(parts[0]!.startsWith("v1,"));
  assert.ok(parts[1]!.startsWith("v1a,"));
});

test("nothing to sign with yields no signature headers", () => {
  assert.equal(signatureHeaders({ hmacKey: null, ed25519: null }, "msg", 1, "{}"), null);
});
