// The hand-off point: a push's or a fan-out's statement creates deliveries born claimed for this process's
// delivery worker, within the room it reports, and hands them over when it ends — no claim round trip and no
// wake-up between push and first attempt (docs/architecture.md). One per process, given to the statements'
// owners when they are built (lib/app/create.ts) and opened by the worker while it runs (jobs/deliver.ts).
import type { BornClaimed, ClaimTaker, HandOffPoint, PreClaim } from "./stages.ts";

export class HandOff implements HandOffPoint {
  #taker: ClaimTaker | undefined;
  /** Statements that took a pre-claim and have not handed over yet. */
  readonly #running = new Set<Promise<void>>();

  open(taker: ClaimTaker): void {
    this.#taker = taker;
  }

  async close(): Promise<void> {
    this.#taker = undefined;
    await Promise.all([...this.#running]);
  }

  run<R extends BornClaimed>(
    statement: (taking: { preClaim: PreClaim | undefined } | undefined) => Promise<R>,
  ): Promise<R> {
    const taker = this.#taker;
    if (!taker) return statement(undefined);
    const run = statement({ preClaim: taker.preClaim() }).then((result) => {
      // Handed over first: the deliveries start while the statement's caller answers.
      if (result.claimed.length) taker.adopt(result.claimed, result.claimedEvents);
      return result;
    });
    const settled: Promise<void> = run.then(ignore, ignore).then(() => {
      this.#running.delete(settled);
    });
    this.#running.add(settled);
    return run;
  }
}

const ignore = () => {};
