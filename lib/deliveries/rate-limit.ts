// Per-webhook rate_limit_rps as token buckets in PostgreSQL, shared by every instance: deliveries beyond the rate
// are put back for later, never failed. One statement per claimed batch covers all its limited webhooks.
import type { Db } from "../db/pool.ts";

export interface RateRequest {
  webhookId: string;
  rps: number;
  /** Deliveries of this webhook in the batch that want to go now. */
  wanted: number;
}

/** How many of each webhook's deliveries may be sent now; bursts up to one second's worth (at least 1). */
export async function takeTokens(db: Db, requests: RateRequest[]): Promise<Map<string, number>> {
  if (!requests.length) return new Map();
  const { rows } = await db.query({
    name: "rateLimit.take",
    text: `with u as (
             select * from unnest($1::uuid[], $2::float8[], $3::int[]) as u(webhook_id, rps, wanted)
           ), seeded as (
             insert into webhook_rate_buckets (webhook_id, tokens, refilled_at)
             select webhook_id, greatest(1, rps) - 1, now() from u
             on conflict (webhook_id) do nothing
           ), current as (
             select b.webhook_id, u.rps, u.wanted,
                    least(greatest(1, u.rps), b.tokens + extract(epoch from now() - b.refilled_at) * u.rps) as available
               from webhook_rate_buckets b join u using (webhook_id)
                for update of b
           )
           update webhook_rate_buckets b
              set tokens = c.available - least(c.wanted, floor(c.available)), refilled_at = now()
             from current c
            where b.webhook_id = c.webhook_id
        returning b.webhook_id, least(c.wanted, floor(c.available))::int as granted`,
    values: [requests.map((r) => r.webhookId), requests.map((r) => r.rps), requests.map((r) => r.wanted)],
  });
  const granted = new Map<string, number>(rows.map((r) => [r.webhook_id, r.granted]));
  // A bucket created by this statement is invisible to it; it was seeded with one token already taken for now.
  for (const r of requests) if (!granted.has(r.webhookId)) granted.set(r.webhookId, 1);
  return granted;
}
