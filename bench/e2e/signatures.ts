// The part of the floor a delivery cannot avoid besides its request: signing its exact bytes with HMAC-SHA256 and
// Ed25519 (libsodium, as svc signs), measured in this process on the body of a real delivery.
import { createHmac, randomBytes } from "node:crypto";
import { loadSodium } from "../../lib/crypto/sodium.ts";

/** CPU µs per delivery for both Standard Webhooks signatures of `body` (the signed content as svc builds it). */
export function signatureCpuMicros(body: string, iterations = 20_000): number {
  const sodium = loadSodium();
  if (!sodium) throw new Error("sodium-native does not load here: the floor would not match what svc signs with");
  const hmacKey = randomBytes(24);
  const secretKey = Buffer.alloc(sodium.crypto_sign_SECRETKEYBYTES);
  sodium.crypto_sign_seed_keypair(Buffer.alloc(sodium.crypto_sign_PUBLICKEYBYTES), secretKey, randomBytes(32));
  const signature = Buffer.alloc(64);
  const sign = (i: number) => {
    const content = Buffer.from(`msg_${i}.${Math.floor(Date.now() / 1000)}.${body}`);
    createHmac("sha256", hmacKey).update(content).digest("base64");
    sodium.crypto_sign_detached(signature, content, secretKey);
    signature.toString("base64");
  };
  for (let i = 0; i < 2_000; i++) sign(i);
  const start = process.cpuUsage();
  for (let i = 0; i < iterations; i++) sign(i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / iterations;
}
