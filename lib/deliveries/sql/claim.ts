// The fair claim of one lane: due deliveries taken webhook by webhook in round-robin order (a loose index scan over
// the lane's index from `after` up to `upTo`), at most `perWebhook` of each (or its `room`), one probe for an open
// circuit, nothing for a webhook svc paused itself; each taken row leased (`sending`, `leaseToken`) until its
// attempt's deadline plus LEASE_MARGIN_SECONDS, and the next probe of an open circuit pushed back as far.
//
// Shaped for the plan PostgreSQL keeps for a named statement (its generic plan, made without the values): planning
// the claim costs more than running it (2–14 ms against 0.3–1.6 ms, a few partitions), and PostgreSQL plans it
// anew at every call while it estimates the generic plan dearer than the plans made for earlier values. It did as
// soon as a lane held much due work (the retry lane holds every claimed delivery being sent): unable to read
// `limit $3`, the planner took a tenth of the lane for the rows claimed, and the final update became a hash join over
// the whole lane (150,000 due rows: 35–330 ms a call against 3–17 ms planned for the values). A constant bound
// (MAX_CLAIM) under the claim's limit, and the update finding its rows by their ids, keep the generic plan as cheap
// as one made for the values (bench/README.md, "Why the claim was planned at every call").
import type { Lane } from "../stages.ts";
import { LANE_CONDITION, LEASE_MARGIN_SECONDS, type ClaimedRow } from "../queue.ts";
import { statement } from "./statement.ts";

export interface ClaimParams {
  /** Webhook ids after this one … */
  after: string;
  /** … up to this one. */
  upTo: string;
  /** Most deliveries taken (at most MAX_CLAIM). */
  limit: number;
  /** Most deliveries of one webhook, unless `room` says otherwise. */
  perWebhook: number;
  /** Webhooks with less room than `perWebhook` in the claiming process (0 = none now). */
  room: Record<string, number>;
  leaseToken: string;
}

/** Most deliveries one claim takes, whatever it asks for: the bound the planner sees (see above). */
export const MAX_CLAIM = 1000;

// Each step of the loose scan orders by the lane index's two columns: ordered by webhook_id alone, it may be served by
// deliveries_webhook_created with the lane's condition as a filter (PostgreSQL 15 did, given a large backlog), and
// then every claim walks the first webhook's whole delivered history.
function claimText(due: string): string {
  return `with recursive hooks(webhook_id) as (
             (select webhook_id from deliveries where ${due} and webhook_id > $1 and webhook_id <= $2 order by webhook_id, next_attempt_at limit 1)
             union all
             select (select d.webhook_id from deliveries d where d.${due} and d.webhook_id > h.webhook_id and d.webhook_id <= $2
                      order by d.webhook_id, d.next_attempt_at limit 1)
               from hooks h where h.webhook_id is not null
           ), picked as (
             -- The constant limit inside is what the planner sees of how many rows come (it takes a tenth of any
             -- limit it cannot read); the outer one is the claim's.
             select * from (
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
              limit ${MAX_CLAIM}
             ) bounded limit $3
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
              set status = 'sending', lane = 2, lease_token = $6, attempt_count = d.attempt_count + 1,
                  next_attempt_at = now() + make_interval(secs => i.timeout_seconds + ${LEASE_MARGIN_SECONDS}), updated_at = now()
             from info i
            -- By the ids taken (an array from the rows picked): each partition's primary key is probed for them, whatever
            -- the planner guessed of their number, instead of a join that may hash every row of the lane. The oldest
            -- row's time prunes, when the statement runs, the partitions older than any row taken: with 10 M stored
            -- deliveries each old partition's deeper key cost the claim ≈ 0.7 ms more than an empty database's.
            where d.id = any(array(select id from picked)) and d.created_at >= (select min(created_at) from picked)
              and d.id = i.id and d.created_at = i.created_at
        returning d.id, d.created_at::text as created_at, d.namespace, d.event_id, d.webhook_id, d.subscription_id, d.attempt_count, d.expires_at,
                  d.rate_limited_since, i.previous_status, i.webhook_version, i.subscription_version, i.timeout_seconds, i.probe`;
}

const claimOf = (lane: Lane) =>
  statement<ClaimParams, ClaimedRow>(`deliveries.claim.${lane}`, claimText(LANE_CONDITION[lane]), (p) => [
    p.after,
    p.upTo,
    Math.min(p.limit, MAX_CLAIM),
    p.perWebhook,
    JSON.stringify(p.room),
    p.leaseToken,
  ]);

/** The claim of each lane: the same statement over the lane's own index. */
export const claimStatements: Readonly<Record<Lane, ReturnType<typeof claimOf>>> = {
  fresh: claimOf("fresh"),
  retry: claimOf("retry"),
};
