// Standard Webhooks signatures over the exact bytes sent: `v1,` HMAC-SHA256 with the whsec_ secret and
// `v1a,` Ed25519 with the webhook's key. node:crypto signs Ed25519 ~9x faster than @noble/ed25519 (NOTES), so the
// hot path uses it; both give byte-identical signatures from the same seed.
import { createHmac, createPrivateKey, sign, type KeyObject } from "node:crypto";

export interface Signer {
  /** HMAC key bytes (the base64 part of whsec_…), or null when the webhook has no secret. */
  hmacKey: Buffer | null;
  /** Ed25519 private key. */
  ed25519: KeyObject | null;
  /** What a rotation replaced: it signs beside the current pair until `untilMs` (epoch ms), then never again. */
  previous?: { hmacKey: Buffer | null; ed25519: KeyObject | null; untilMs: number } | null;
}

// PKCS#8 DER prefix for an Ed25519 private key; the 32-byte seed follows it.
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

export function ed25519KeyFromSeed(seed: Buffer): KeyObject {
  return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" });
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
export function signatureHeaders(signer: Signer, msgId: string, timestampSeconds: number, body: string): SignatureHeaders | null {
  if (!signer.hmacKey && !signer.ed25519) return null;
  const content = Buffer.from(`${msgId}.${timestampSeconds}.${body}`, "utf8");
  const previous = signer.previous && timestampSeconds * 1000 < signer.previous.untilMs ? signer.previous : null;
  const signatures: string[] = [];
  for (const key of [signer.hmacKey, previous?.hmacKey]) if (key) signatures.push("v1," + createHmac("sha256", key).update(content).digest("base64"));
  for (const key of [signer.ed25519, previous?.ed25519]) if (key) signatures.push("v1a," + sign(null, content, key).toString("base64"));
  return { "webhook-id": msgId, "webhook-timestamp": String(timestampSeconds), "webhook-signature": signatures.join(" ") };
}
