// The batch worker: runs started retry and re-push batches, one at a time per process, resuming any whose holder died.
import type { AppContext } from "../lib/app/context.ts";
import { claimBatch, releaseBatch } from "../lib/batches/batches.ts";
import { runBatch } from "../lib/batches/run.ts";
import { isConnectionError } from "../lib/db/pool.ts";

export interface BatchWorker {
  poke(): void;
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function startBatchWorker(app: AppContext, options: { pollMs?: number } = {}): BatchWorker {
  const log = app.log.child({ worker: "batches" });
  let running: Promise<void> | undefined;
  let stopping = false;

  const loop = async () => {
    for (;;) {
      if (stopping) return;
      const batch = await claimBatch(app.db);
      if (!batch) return;
      const outcome = await runBatch(app, batch, () => stopping);
      if (outcome === "paused") await releaseBatch(app.db, batch.id);
      log.info("batch finished", { batch_id: batch.id, kind: batch.kind, outcome });
    }
  };

  const wake = () => {
    if (stopping || running) return;
    running = loop()
      .catch((err) => {
        if (isConnectionError(err)) log.warn("batch work paused: database unavailable", { error: (err as Error).message });
        else log.error("batch processing failed; its lease will hand it on", { error: err });
      })
      .finally(() => (running = undefined));
  };

  app.signals.on("batches", wake);
  const poll = setInterval(wake, options.pollMs ?? 1_000);
  poll.unref();
  wake();
  return {
    poke: wake,
    idle: async () => {
      while (running) await running;
    },
    async stop() {
      stopping = true;
      clearInterval(poll);
      app.signals.off("batches", wake);
      await running;
    },
  };
}
