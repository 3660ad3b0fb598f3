// When a failed attempt is tried again (CONTRACT): exponential, capped at 24 h, jittered between half and the full delay.
const DAY_MS = 86_400_000;
const RATE_LIMIT_DEFAULT_MS = 60_000;
const RATE_LIMIT_MAX_MS = 15 * 60_000;

/** Delay before attempt n+1, after attempt n (n >= 1) failed. */
export function retryDelayMs(backoffSeconds: number, attempt: number, random: () => number = Math.random): number {
  const full = Math.min(DAY_MS, backoffSeconds * 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(full / 2 + random() * (full / 2));
}

/** Wait after a 429: Retry-After in seconds or as an HTTP date; 60 s without one; never more than 15 minutes. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number {
  if (!header) return RATE_LIMIT_DEFAULT_MS;
  const value = header.trim();
  let ms: number;
  if (/^\d+$/.test(value)) ms = Number(value) * 1000;
  else {
    const at = Date.parse(value);
    ms = Number.isNaN(at) ? RATE_LIMIT_DEFAULT_MS : at - now;
  }
  return Math.min(RATE_LIMIT_MAX_MS, Math.max(0, ms));
}

/** After 24 h of nothing but 429 answers a delivery fails. */
export const RATE_LIMIT_GIVE_UP_MS = DAY_MS;
