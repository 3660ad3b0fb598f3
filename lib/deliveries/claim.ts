// The fair claim. Due deliveries are taken webhook by webhook in round-robin order (a loose index scan over the
// lane's index starting after the last webhook served), at most a bounded share from each, so a backlog of one
// endpoint can never fill a claim or starve the others — in this process and across every process on the
// database. Webhooks whose circuit is open give one probe when it is due, and nothing else; webhooks svc paused
// itself (410 Gone, auto-disable) give nothing until they are resumed.
import type { Db } from "../db/pool.ts";
import { LEASE_MARGIN_SECONDS, toClaimed, type ClaimedRow } from "./queue.ts";
import type { Claimed } from "./stages.ts";

/** Fresh deliveries (first attempts and manual retries) and retries are claimed separately (see docs/isolation.md). */
export type Lane = "fresh" | "retry";

const LANE_STATUS: Record<Lane, string> = { fresh: "status = 'pending'", retry: "status in ('retrying', 'sending')" };
const BEFORE_ALL = "00000000-0000-0000-0000-000000000000";
const AFTER_ALL = "ffffffff-ffff-ffff-ffff-ffffffffffff";

export interface ClaimRequest {
  lane: Lane;
  /** Most deliveries in this claim. */
  limit: number;
  /** Most deliveries of one webhook in this claim, unless `room` says otherwise. */
  perWebhook: number;
  /** Webhooks with less room than `perWebhook` in this process (0 = none now). */
  room: Record<string, number>;
  leaseToken: string;
}

const statements = new Map<Lane, string>();

function claimSql(lane: Lane): string {
  const due = LANE_STATUS[lane];
  return `with recursive hooks(webhook_id) as (
             (select webhook_id from deliveries where ${due} and webhook_id > $1 and webhook_id <= $2 order by webhook_id limit 1)
             union all
             select (select d.webhook_id from deliveries d where d.${due} and d.webhook_id > h.webhook_id and d.webhook_id <= $2 order by d.webhook_id limit 1)
               from hooks h where h.webhook_id is not null
           ), picked as (
             select d.id, d.created_at, d.status, d.subscription_id, h.webhook_id, c.circuit_opened_at is not null as probe
               from hooks h
               left join webhook_health c on c.webhook_id = h.webhook_id
               left join webhooks w on w.id = h.webhook_id
              cross join lateral (
                select id, created_at, status, subscription_id from deliveries d
                 where d.webhook_id = h.webhook_id and d.${due} and d.next_attempt_at <= now()
                 order by d.next_attempt_at
                 limit case when not w.active and w.paused_by in ('gone', 'auto_disabled') then 0
                            when c.circuit_opened_at is null then coalesce(($5::jsonb ->> h.webhook_id::text)::int, $4)
                            when c.circuit_probe_at <= now() then 1 else 0 end
                   for update of d skip locked
              ) d
              where h.webhook_id is not null
              limit $3
           ), info as (
             select p.id, p.created_at, p.status as previous_status, p.probe, p.webhook_id,
                    extract(epoch from w.updated_at) * 1000 as webhook_version,
                    extract(epoch from s.updated_at) * 1000 as subscription_version,
                    coalesce(nullif(s.timeout_seconds, 0), w.request_timeout_seconds, 30) as timeout_seconds
               -- Not joined to deliveries again: partitioned by time (migration 12), an id alone names no partition.
               from picked p
               left join webhooks w on w.id = p.webhook_id
               left join subscriptions s on s.id = p.subscription_id
           ), probing as (
             -- The next probe waits at least until this one has had its chance to answer.
             update webhook_health c set circuit_probe_at = now() + make_interval(secs => i.timeout_seconds + ${LEASE_MARGIN_SECONDS})
               from info i where i.probe and c.webhook_id = i.webhook_id
           )
           update deliveries d
              set status = 'sending', lease_token = $6, attempt_count = d.attempt_count + 1,
                  next_attempt_at = now() + make_interval(secs => i.timeout_seconds + ${LEASE_MARGIN_SECONDS}), updated_at = now()
             from info i
            -- The lane's condition again (the rows are locked, so it still holds): the planner then reaches them through the
            -- lane's partial index, which holds only queued work, instead of weighing a scan of every partition.
            where d.id = i.id and d.created_at = i.created_at and d.webhook_id = i.webhook_id and d.${due}
        returning d.id, d.namespace, d.event_id, d.webhook_id, d.subscription_id, d.attempt_count, d.expires_at,
                  d.rate_limited_since, i.previous_status, i.webhook_version, i.subscription_version, i.timeout_seconds, i.probe`;
}

async function claimRange(db: Db, req: ClaimRequest, after: string, upTo: string, limit: number): Promise<Claimed[]> {
  let text = statements.get(req.lane);
  if (!text) statements.set(req.lane, (text = claimSql(req.lane)));
  const { rows } = await db.query<ClaimedRow>({
    name: `deliveries.claim.${req.lane}`,
    text,
    values: [after, upTo, limit, req.perWebhook, JSON.stringify(req.room), req.leaseToken],
  });
  return rows.map(toClaimed);
}

/**
 * A round-robin claimer for one lane: each claim starts after the webhook the previous one ended on and wraps
 * around once, so every webhook with due work is visited before any is visited twice.
 */
export class FairClaimer {
  private cursor = BEFORE_ALL;

  constructor(
    private readonly db: Db,
    readonly lane: Lane,
  ) {}

  async claim(req: Omit<ClaimRequest, "lane">): Promise<Claimed[]> {
    const full: ClaimRequest = { ...req, lane: this.lane };
    const claims = await claimRange(this.db, full, this.cursor, AFTER_ALL, req.limit);
    if (claims.length < req.limit && this.cursor !== BEFORE_ALL) {
      claims.push(...(await claimRange(this.db, full, BEFORE_ALL, this.cursor, req.limit - claims.length)));
    }
    // Where this claim stopped: the next one starts with the following webhook.
    if (claims.length) this.cursor = claims.length === req.limit ? lastServed(claims, this.cursor) : BEFORE_ALL;
    return claims;
  }
}

/** The webhook this claim served last, in the wrapped order that started after `cursor`. */
function lastServed(claims: Claimed[], cursor: string): string {
  const ids = claims.map((c) => c.webhookId);
  const wrapped = ids.filter((id) => id <= cursor);
  return (wrapped.length ? wrapped : ids).reduce((a, b) => (a > b ? a : b));
}
