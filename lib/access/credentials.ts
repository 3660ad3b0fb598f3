// Reads the caller's credential from X-API-Key or Authorization: Bearer — never from the query string.
import { createHash, timingSafeEqual } from "node:crypto";

export function credentialOf(request: Request): string | undefined {
  const key = request.headers.get("x-api-key")?.trim();
  if (key) return key;
  const auth = request.headers.get("authorization");
  if (!auth) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
  return m?.[1];
}

export const sha256 = (value: string): Buffer => createHash("sha256").update(value).digest();

/**
 * Constant-time comparison of a presented secret with the known one. Only the length can leak (the time does not
 * depend on the content); hashing both sides would hide it too but costs ~5 % of a request's CPU (measured in
 * bench/http), and a production master key is at least 32 characters anyway.
 */
export function secretMatches(presented: string, expected: Buffer): boolean {
  const given = Buffer.from(presented, "utf8");
  if (given.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(given, expected);
}
