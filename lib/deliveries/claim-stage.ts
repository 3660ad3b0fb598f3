// The claim stage: asks each lane's fair claimer (claim.ts) for as many due deliveries as the scheduler has room
// for, in batches worth a round trip, hands each claim to its preparation without waiting for it (the claims stay
// reserved in the scheduler meanwhile), and remembers which lanes were found empty so a wake-up from a freed slot
// does not ask them again at once.
import type { Db } from "../db/pool.ts";
import { type ClaimRequest, FairClaimer } from "./claim.ts";
import type { EndpointScheduler } from "./endpoint-scheduler.ts";
import type { Claimed, Lane } from "./stages.ts";

export interface ClaimStageOptions {
  leaseToken: string;
  /** Most deliveries claimed by one statement. */
  claimBatch: number;
  /** Fewest deliveries worth a claim while requests are running. */
  minClaim: number;
  /** Most deliveries of one webhook in flight (and so in one claim). */
  perWebhook: number;
  /** How long a lane found empty is not asked again on wake-ups from freed slots. */
  quietMs: number;
  /** The lanes' claimers, fresh then retry (default: the fair claim statements on `db`; unit tests pass their own). */
  claimers?: readonly [LaneClaimer, LaneClaimer];
}

/** What claims one lane's due deliveries (FairClaimer). */
export interface LaneClaimer {
  readonly lane: Lane;
  claim(req: Omit<ClaimRequest, "lane">): Promise<Claimed[]>;
}

export class ClaimStage {
  private readonly claimers: readonly [LaneClaimer, LaneClaimer];
  // A lane whose last claim found nothing although every webhook had room is not asked again for a short while on
  // wake-ups from freed slots: with fan-out handing deliveries over born claimed, most of those claims were empty
  // round trips. New fresh work signals (fan-out, requeues, other instances) and handed-back claims end the pause
  // at once; the pause is shorter than the poll interval, so no due delivery waits longer than it did.
  private readonly quietUntil: Record<Lane, number> = { fresh: 0, retry: 0 };
  // Counts work signals and hand-backs, so a claim that raced one (and read before its rows were committed) does
  // not start a pause the signal was meant to end.
  private workSeen = 0;
  private freedSinceClaim = 0;
  private rounds = 0;
  // A preparation that failed (the database went away while loading): thrown by the next claim, so the work loop
  // backs off as it does when a claim fails. Its claims stay leased and come back when the lease ends.
  private failure: unknown;

  constructor(
    db: Db,
    private readonly o: ClaimStageOptions,
  ) {
    this.claimers = o.claimers ?? [new FairClaimer(db, "fresh"), new FairClaimer(db, "retry")];
  }

  /** New fresh work was signalled (fan-out, a requeue, another instance): the fresh lane is asked again at once. */
  workSignalled(): void {
    this.workSeen++;
    this.quietUntil.fresh = 0;
  }

  /** Claims went back to the queue (released, rate limited): both lanes are asked again at once. */
  workReturned(): void {
    this.workSeen++;
    this.quietUntil.fresh = this.quietUntil.retry = 0;
  }

  /**
   * A slot was freed. A claim per completion would cost a round trip per delivery: true once a chunk has completed,
   * or at once when a webhook (or the whole worker) has gone idle.
   */
  slotFreed(scheduler: EndpointScheduler<unknown>, idle: boolean): boolean {
    return ++this.freedSinceClaim >= scheduler.claimChunk || idle || scheduler.empty;
  }

  /**
   * Claims what each lane has room for and hands each claim to `take`; true when a lane may have more due.
   *
   * A claim's preparation (`take`: targets and events loading) is not waited for: its claims are reserved in the
   * scheduler until it ends, so the other lane's claim, and the next round, start at once instead of a round
   * costing two claims and two preparations one after the other. One webhook's deliveries per second are its
   * room per claim times claim rounds per second (as long as its requests answer faster than a round), so the
   * round is kept to the claims alone. The lane that claims first alternates: both lanes share a webhook's room,
   * and a webhook with first attempts and retries due gets each in turn rather than its retries only what its
   * first attempts leave.
   */
  async claim(
    scheduler: EndpointScheduler<unknown>,
    take: (claims: Claimed[], lane: Lane) => Promise<void>,
  ): Promise<boolean> {
    if (this.failure !== undefined) {
      const err = this.failure;
      this.failure = undefined;
      throw err;
    }
    this.freedSinceClaim = 0;
    let more = false;
    const order = this.rounds++ % 2 ? [this.claimers[1], this.claimers[0]] : this.claimers;
    for (const claimer of order) {
      const limit = Math.min(this.o.claimBatch, scheduler.room(claimer.lane));
      // Claim in batches: a claim for one or two free slots would cost a round trip per delivery.
      if (limit <= 0 || (limit < this.o.minClaim && !scheduler.empty)) continue;
      if (performance.now() < this.quietUntil[claimer.lane]) continue;
      const room = scheduler.webhookRoom();
      const seenBefore = this.workSeen;
      const startedAt = performance.now();
      const claims = await claimer.claim({ limit, perWebhook: this.o.perWebhook, room, leaseToken: this.o.leaseToken });
      // Empty with room for every webhook: nothing is due in this lane. (With a webhook at zero room, its due
      // deliveries may be waiting for a slot to free: the next slot wake-up must claim them.)
      this.quietUntil[claimer.lane] =
        !claims.length && this.workSeen === seenBefore && Object.values(room).every((n) => n > 0)
          ? performance.now() + this.o.quietMs
          : 0;
      if (claims.length) {
        const release = scheduler.reserve(claims, claimer.lane, startedAt);
        take(claims, claimer.lane)
          .catch((err: unknown) => {
            this.failure ??= err;
          })
          .finally(release);
      }
      if (claims.length === limit) more = true;
    }
    return more;
  }
}
