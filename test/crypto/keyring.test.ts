import assert from "node:assert/strict";
import { createDecipheriv, randomBytes } from "node:crypto";
import { test } from "node:test";
import { DecryptError, Keyring } from "../../lib/crypto/keyring.ts";

const k = (hex: string) => Buffer.from(hex.repeat(32 / (hex.length / 2)), "hex");
const ring = (primary: string, ids = ["old", "new"]) =>
  new Keyring(new Map(ids.map((id, i) => [id, k(i ? "0b" : "0a")])), primary);

test("a value round-trips and each encryption uses a fresh data key", () => {
  const keys = ring("new");
  const a = keys.encrypt("whsec_secret");
  const b = keys.encrypt("whsec_secret");
  assert.notDeepEqual(a, b);
  assert.equal(keys.decryptString(a), "whsec_secret");
  assert.equal(keys.decryptString(b), "whsec_secret");
  assert.equal(keys.decrypt(keys.encrypt(Buffer.alloc(0))).length, 0);
});

test("the ciphertext starts with version byte 0x02 and names its key id", () => {
  const c = ring("new").encrypt("x");
  assert.equal(c[0], 0x02);
  assert.equal(c[1], 3);
  assert.equal(c.subarray(2, 5).toString(), "new");
  assert.equal(Keyring.keyIdOf(c), "new");
  assert.ok(!c.includes(Buffer.from("whsec")));
});

test("the data key is wrapped by the keyring key, not the keyring key used directly", () => {
  const c = ring("new").encrypt("plaintext value");
  const idEnd = 2 + c[1]!;
  const body = c.subarray(idEnd + 12 + 32 + 16 + 12, c.length - 16);
  const iv = c.subarray(idEnd + 12 + 32 + 16, idEnd + 12 + 32 + 16 + 12);
  const direct = createDecipheriv("aes-256-gcm", k("0b"), iv);
  assert.notEqual(direct.update(body).toString(), "plaintext value");
});

test("after rotation old ciphertexts still decrypt and new ones use the new primary", () => {
  const before = ring("old").encrypt("kept");
  const rotated = ring("new");
  assert.equal(rotated.decryptString(before), "kept");
  assert.equal(Keyring.keyIdOf(rotated.encrypt("fresh")), "new");
});

test("flipping any byte of a ciphertext fails closed", () => {
  const keys = ring("new");
  const c = keys.encrypt("tamper me");
  for (let i = 0; i < c.length; i++) {
    const bad = Buffer.from(c);
    bad[i] = bad[i]! ^ 0x01;
    assert.throws(() => keys.decrypt(bad), DecryptError, `byte ${i}`);
  }
});

test("a truncated or foreign ciphertext fails with bad_format", () => {
  const keys = ring("new");
  const c = keys.encrypt("x");
  assert.throws(
    () => keys.decrypt(c.subarray(0, 20)),
    (e: DecryptError) => e.reason === "bad_format",
  );
  assert.throws(
    () => keys.decrypt(Buffer.from([0x01, 0x00])),
    (e: DecryptError) => e.reason === "bad_format",
  );
  assert.throws(
    () => keys.decrypt(Buffer.alloc(0)),
    (e: DecryptError) => e.reason === "bad_format",
  );
});

test("an unknown key id fails closed with a clear reason", () => {
  const c = ring("old").encrypt("x");
  const withoutOld = new Keyring(new Map([["new", k("0b")]]), "new");
  assert.throws(
    () => withoutOld.decrypt(c),
    (e: DecryptError) => e.reason === "unknown_key_id" && e.message.includes('"old"'),
  );
});

test("the same key id with different key material fails closed", () => {
  const c = ring("new").encrypt("x");
  const wrong = new Keyring(new Map([["new", randomBytes(32)]]), "new");
  assert.throws(
    () => wrong.decrypt(c),
    (e: DecryptError) => e.reason === "tampered_or_wrong_key",
  );
});

test("a value bound to one context does not decrypt in another", () => {
  const keys = ring("new");
  const c = keys.encrypt("secret", "webhook:1");
  assert.equal(keys.decryptString(c, "webhook:1"), "secret");
  assert.throws(() => keys.decrypt(c, "webhook:2"), DecryptError);
  assert.throws(() => keys.decrypt(c), DecryptError);
});

test("a keyring refuses keys that are not 32 bytes and a primary that is not in the ring", () => {
  assert.throws(() => new Keyring(new Map([["a", Buffer.alloc(16)]]), "a"));
  assert.throws(() => new Keyring(new Map([["a", Buffer.alloc(32)]]), "b"));
});
