// Signing material of a webhook: the `whsec_` HMAC secret and the Ed25519 keypair, and how reads mask them.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { invalid } from "../errors.ts";

const PREFIX = "whsec_";
export const FIXED_MASK = "******";
const MASK_CHAR = "*";

export function generateSigningSecret(): string {
  return PREFIX + randomBytes(32).toString("base64");
}

/** A caller-supplied secret: `whsec_` followed by base64 of 24 to 64 random bytes (Standard Webhooks). */
export function checkSigningSecret(secret: string): void {
  if (!secret.startsWith(PREFIX)) throw invalid("http_config.webhook_secret must start with whsec_");
  const body = secret.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body))
    throw invalid("http_config.webhook_secret must be whsec_ followed by base64");
  const bytes = Buffer.from(body, "base64").length;
  if (bytes < 24 || bytes > 64) throw invalid("http_config.webhook_secret must encode 24 to 64 bytes");
}

/** `whsec_` and one mask character per secret character. */
export function maskSecret(secret: string): string {
  return PREFIX + MASK_CHAR.repeat(Math.max(0, secret.length - PREFIX.length));
}

export interface Ed25519Keypair {
  /** The 32-byte private seed. */
  seed: Buffer;
  publicKey: Buffer;
}

export function generateEd25519Keypair(): Ed25519Keypair {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const jwk = privateKey.export({ format: "jwk" });
  return {
    seed: Buffer.from(jwk.d!, "base64url"),
    publicKey: Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url"),
  };
}

/** Encryption contexts bind each ciphertext to its webhook and purpose. */
export const secretContext = {
  signingSecret: (webhookId: string) => `webhook:${webhookId}:signing-secret`,
  signingKey: (webhookId: string) => `webhook:${webhookId}:signing-key`,
  secretHeaders: (webhookId: string) => `webhook:${webhookId}:secret-headers`,
};
