// The batch worker: runs started retry and re-push batches, one at a time per process, resuming any whose holder died.
import type { AppContext } from "../lib/app/context.ts";
import { claimBatch, releaseBatch } from "../lib/batches/batches.ts";
import { runBatch } from "../lib/batches/run.ts";
import { startWorkLoop } from "../lib/workers/loop.ts";

export interface BatchWorker {
  poke(): void;
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function startBatchWorker(app: AppContext, options: { pollMs?: number } = {}): BatchWorker {
  const log = app.log.child({ worker: "batches" });
  let stopping = false;
  const loop = startWorkLoop(app, {
    name: "batches",
    topic: "batches",
    pollMs: options.pollMs,
    async step() {
      const batch = await claimBatch(app.db);
      if (!batch) return false;
      const outcome = await runBatch(app, batch, () => stopping);
      if (outcome === "paused") await releaseBatch(app.db, batch.id);
      log.info("batch finished", { batch_id: batch.id, kind: batch.kind, outcome });
      return true;
    },
  });
  return {
    poke: loop.wake,
    idle: loop.idle,
    async stop() {
      stopping = true;
      await loop.stop();
    },
  };
}
