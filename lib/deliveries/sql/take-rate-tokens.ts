// Tokens taken from webhooks' rate buckets (webhook_rate_buckets), seeding a bucket on first use; the rows say how
// many of each webhook's wanted deliveries may go now. A bucket seeded by this statement is invisible to it.
import { statement } from "./statement.ts";

export interface RateRequest {
  webhookId: string;
  rps: number;
  /** Deliveries of this webhook in the batch that want to go now. */
  wanted: number;
}

export const takeRateTokens = statement<RateRequest[], { webhook_id: string; granted: number }>(
  "rateLimit.take",
  `with u as (
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
  (requests) => [requests.map((r) => r.webhookId), requests.map((r) => r.rps), requests.map((r) => r.wanted)],
);
