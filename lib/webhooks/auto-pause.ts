// Pauses svc decides on its own: a 410 Gone answer and sustained failure. Like PauseWebhook they stop fan-out;
// unlike it they also hold the webhook's queued deliveries (the claim skips them) until someone resumes it.
import type { Tx } from "../db/pool.ts";

export type AutoPauseKind = "gone" | "auto_disabled";

export interface AutoPause {
  webhookId: string;
  by: AutoPauseKind;
  reason: string;
}

export interface Paused extends AutoPause {
  consumer: string;
  url: string;
}

/** Pauses the webhooks that are still active, in the caller's transaction; returns those it paused. */
export async function pauseAutomatically(tx: Tx, pauses: AutoPause[]): Promise<Paused[]> {
  if (!pauses.length) return [];
  const first = new Map(pauses.map((p) => [p.webhookId, p]));
  const list = [...first.values()];
  const { rows } = await tx.query<{ id: string; namespace: string; url: string }>({
    name: "webhooks.pauseAutomatically",
    text: `with p as (select * from unnest($1::uuid[], $2::text[], $3::text[]) as p(id, by, reason)),
           paused as (
             update webhooks w set active = false, paused_by = p.by, paused_reason = p.reason, updated_at = now()
               from p where w.id = p.id and w.active
             returning w.id, w.namespace, w.url, p.by, p.reason
           ), audited as (
             insert into webhook_audit (webhook_id, namespace, action, reason) select id, namespace, 'paused', reason from paused
           )
           select id, namespace, url from paused`,
    values: [list.map((p) => p.webhookId), list.map((p) => p.by), list.map((p) => p.reason)],
  });
  return rows.map((r) => ({ ...first.get(r.id)!, consumer: r.namespace, url: r.url }));
}

export const goneReason = (at: Date) => `endpoint answered 410 Gone at ${at.toISOString()}`;

export const autoDisabledReason = (failingSince: Date, afterSeconds: number) =>
  `no successful delivery for ${formatSeconds(afterSeconds)} (failing since ${failingSince.toISOString()}); auto-disabled`;

function formatSeconds(s: number): string {
  if (s % 86_400 === 0) return `${s / 86_400}d`;
  if (s % 3_600 === 0) return `${s / 3_600}h`;
  if (s % 60 === 0) return `${s / 60}m`;
  return `${s}s`;
}
