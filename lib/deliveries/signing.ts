// Standard Webhooks signatures over the exact bytes sent: `v1,` HMAC-SHA256 with the whsec_ secret and
// `v1a,` Ed25519 with the webhook's key. Ed25519 signs with libsodium (sodium-native) where its addon loads: 23 µs
// a signature against 44 µs for node:crypto's one-shot sign on the same machine (OpenSSL 3 looks its provider up
// on every call), and the largest single cost of a delivery. Both give byte-identical signatures from the same
// seed (as does @noble/ed25519); node:crypto remains the fallback on a platform without the addon.
import { createHmac, createPrivateKey, sign, type KeyObject } from "node:crypto";
import { loadSodium } from "../crypto/sodium.ts";

const sodium = loadSodium();

/** An Ed25519 private key, in the form the signer in use takes. */
export type Ed25519Key = { sodium: Buffer } | { node: KeyObject };

export interface Signer {
  /** HMAC key bytes (the base64 part of whsec_…), or null when the webhook has no secret. */
  hmacKey: Buffer | null;
  ed25519: Ed25519Key | null;
  /** What a rotation replaced: it signs beside the current pair until `untilMs` (epoch ms), then never again. */
  previous?: { hmacKey: Buffer | null; ed25519: Ed25519Key | null; untilMs: number } | null;
}

// PKCS#8 DER prefix for an Ed25519 private key; the 32-byte seed follows it.
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** The key for a 32-byte seed; `using` picks the implementation (tests compare the two). */
export function ed25519KeyFromSeed(seed: Buffer, using: "sodium" | "node" = sodium ? "sodium" : "node"): Ed25519Key {
  if (using === "sodium") {
    if (!sodium) throw new Error("sodium-native is not available on this platform");
    // libsodium's secret key is the seed followed by the public key, derived once here instead of per signature.
    const secretKey = Buffer.alloc(sodium.crypto_sign_SECRETKEYBYTES);
    sodium.crypto_sign_seed_keypair(Buffer.alloc(sodium.crypto_sign_PUBLICKEYBYTES), secretKey, seed);
    return { sodium: secretKey };
  }
  return { node: createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" }) };
}

function ed25519Sign(key: Ed25519Key, message: Buffer): Buffer {
  if ("node" in key) return sign(null, message, key.node);
  const signature = Buffer.allocUnsafe(64);
  sodium!.crypto_sign_detached(signature, message, key.sodium);
  return signature;
}

export function hmacKeyFromSecret(secret: string): Buffer {
  return Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");
}

export interface SignatureHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/**
 * The three Standard Webhooks headers, or null when there is nothing to sign with. Inside a rotation's overlap
 * window each scheme carries two signatures, the new one first, so receivers verify with either secret.
 */
export function signatureHeaders(
  signer: Signer,
  msgId: string,
  timestampSeconds: number,
  body: string,
): SignatureHeaders | null {
  if (!signer.hmacKey && !signer.ed25519) return null;
  const content = Buffer.from(`${msgId}.${timestampSeconds}.${body}`, "utf8");
  const previous = signer.previous && timestampSeconds * 1000 < signer.previous.untilMs ? signer.previous : null;
  const signatures: string[] = [];
  for (const key of [signer.hmacKey, previous?.hmacKey])
    if (key) signatures.push("v1," + createHmac("sha256", key).update(content).digest("base64"));
  for (const key of [signer.ed25519, previous?.ed25519])
    if (key) signatures.push("v1a," + ed25519Sign(key, content).toString("base64"));
  return {
    "webhook-id": msgId,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": signatures.join(" "),
  };
}
