// Between claim and scheduling: loads what a batch of claims needs (webhook and subscription targets, events not
// handed over with the claims), settles the claims that cannot be sent (expired, webhook or event gone, beyond a
// webhook's rate), and submits the rest to the endpoint scheduler as jobs that run the attempt stage.
import type { Db } from "../db/pool.ts";
import type { Attempter } from "./attempt.ts";
import { notSent, releasedStatus } from "./attempt.ts";
import type { EndpointScheduler, Job } from "./endpoint-scheduler.ts";
import type { OutcomeBuffer } from "./outcome-buffer.ts";
import { takeTokens } from "./rate-limit.ts";
import type { AttemptResult, Claimed, EventData, Lane } from "./stages.ts";
import { loadEvents, type Target, type TargetCache } from "./targets.ts";

export interface PrepareStageParts {
  db: Db;
  targets: TargetCache;
  scheduler: EndpointScheduler<AttemptResult>;
  attempter: Attempter;
  outcomes: OutcomeBuffer;
  /** Claims went back to the queue unsent (rate limited): the claim stage should look again. */
  returned(): void;
}

export class PrepareStage {
  private preparing = 0;

  constructor(private readonly p: PrepareStageParts) {}

  /** Batches being prepared right now. */
  get busy(): boolean {
    return this.preparing > 0;
  }

  /** Prepares `claims` (with the events already known, when handed over) and queues them for a slot. */
  async take(claims: Claimed[], lane: Lane, known?: Map<string, EventData>): Promise<void> {
    this.preparing++;
    try {
      await this.prepare(claims, lane, known);
    } finally {
      this.preparing--;
    }
  }

  private async prepare(claims: Claimed[], lane: Lane, known?: Map<string, EventData>): Promise<void> {
    const { targets, outcomes, scheduler, attempter } = this.p;
    const missing = [...new Set(claims.map((c) => c.eventId))].filter((id) => !known?.has(id));
    const [hooks, subs, loaded] = await Promise.all([
      targets.webhooks(new Map(claims.map((c) => [c.webhookId, c.webhookVersion]))),
      targets.subscriptions(
        new Map(claims.flatMap((c) => (c.subscriptionId ? [[c.subscriptionId, c.subscriptionVersion] as const] : []))),
      ),
      missing.length ? loadEvents(this.p.db, missing) : new Map<string, EventData>(),
    ]);
    const events = known ? new Map([...known, ...loaded]) : loaded;
    const live: Claimed[] = [];
    for (const c of claims) {
      if (c.expiresAt && c.expiresAt.getTime() <= Date.now()) outcomes.add(notSent(c, "expired"));
      else if (!hooks.get(c.webhookId))
        outcomes.add(notSent(c, "failed", { category: "unknown", message: "the webhook was unregistered" }));
      else if (!events.get(c.eventId))
        outcomes.add(notSent(c, "failed", { category: "unknown", message: "the event no longer exists" }));
      else live.push(c);
    }
    const deferred = await this.applyRateLimits(live, hooks);
    for (const c of live) {
      if (deferred.has(c.id)) continue;
      const hook = hooks.get(c.webhookId)!;
      const subscription = c.subscriptionId ? subs.get(c.subscriptionId) : undefined;
      const job: Job<AttemptResult> = {
        claim: c,
        lane,
        origin: originOf(hook.url),
        start: () => attempter.attempt(c, events.get(c.eventId)!, hook, subscription),
      };
      scheduler.submit(job);
    }
  }

  /** Deliveries beyond their webhook's rate go back to the queue, spaced at the rate, without using an attempt. */
  private async applyRateLimits(claims: Claimed[], hooks: Map<string, Target>): Promise<Set<string>> {
    const limited = new Map<string, Claimed[]>();
    for (const c of claims) {
      if (hooks.get(c.webhookId)?.config.rate_limit_rps)
        limited.set(c.webhookId, [...(limited.get(c.webhookId) ?? []), c]);
    }
    const deferred = new Set<string>();
    if (!limited.size) return deferred;
    this.p.returned();
    const granted = await takeTokens(
      this.p.db,
      [...limited].map(([webhookId, list]) => ({
        webhookId,
        rps: hooks.get(webhookId)!.config.rate_limit_rps!,
        wanted: list.length,
      })),
    );
    for (const [webhookId, list] of limited) {
      const rps = hooks.get(webhookId)!.config.rate_limit_rps!;
      list.slice(granted.get(webhookId) ?? 0).forEach((c, i) => {
        deferred.add(c.id);
        this.p.outcomes.add(
          notSent(c, releasedStatus(c), { nextAttemptAt: new Date(Date.now() + Math.ceil(((i + 1) * 1000) / rps)) }),
        );
      });
    }
    return deferred;
  }
}

/** The connection pool key: scheme, host and port. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
