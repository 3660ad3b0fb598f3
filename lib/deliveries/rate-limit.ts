// Per-webhook rate_limit_rps as token buckets in PostgreSQL, shared by every instance: deliveries beyond the rate
// are put back for later, never failed. One statement per claimed batch covers all its limited webhooks.
import type { Db } from "../db/pool.ts";
import { run } from "./sql/statement.ts";
import { takeRateTokens, type RateRequest } from "./sql/take-rate-tokens.ts";

/** How many of each webhook's deliveries may be sent now; bursts up to one second's worth (at least 1). */
export async function takeTokens(db: Db, requests: RateRequest[]): Promise<Map<string, number>> {
  if (!requests.length) return new Map();
  const rows = await run(db, takeRateTokens, requests);
  const granted = new Map<string, number>(rows.map((r) => [r.webhook_id, r.granted]));
  // A bucket created by this statement is invisible to it; it was seeded with one token already taken for now.
  for (const r of requests) if (!granted.has(r.webhookId)) granted.set(r.webhookId, 1);
  return granted;
}
