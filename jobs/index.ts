// The per-process background work: fan-out and delivery workers and the scheduled jobs. Started after HTTP listens.
import type { AppContext } from "../lib/app/context.ts";
import { createGuardedDispatcher } from "../lib/egress/index.ts";
import { startBatchWorker, type BatchWorker } from "./batches.ts";
import { createPartitionsJob } from "./create-partitions.ts";
import { startDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from "./deliver.ts";
import { startFanOutWorker, type FanOutWorker } from "./fanout.ts";
import { destroyRotatedSecretsJob } from "./destroy-rotated-secrets.ts";
import { expireDeliveriesJob } from "./expire-deliveries.ts";
import { expireListenSessionsJob } from "./expire-listen-sessions.ts";
import { expiredBatchesJob, healthWindowJob } from "./maintenance.ts";
import { purgeCredentialsJob } from "./purge-credentials.ts";
import { purgeEventsJob } from "./purge-events.ts";
import { purgeDeletedWebhooksJob } from "./purge-deleted-webhooks.ts";
import { recoverLeasesJob } from "./recover-leases.ts";
import { retireStatusLanesJob } from "./retire-status-lanes.ts";
import { startScheduler, type ScheduledJob, type Scheduler } from "./scheduler.ts";

export interface Workers extends Record<string, unknown> {
  fanout: FanOutWorker;
  batches: BatchWorker;
  delivery: DeliveryWorker;
  scheduler: Scheduler;
  stop(): Promise<void>;
}

export const scheduledJobs: ScheduledJob[] = [
  createPartitionsJob,
  expireDeliveriesJob,
  recoverLeasesJob,
  retireStatusLanesJob,
  purgeDeletedWebhooksJob,
  purgeCredentialsJob,
  healthWindowJob,
  expiredBatchesJob,
  purgeEventsJob,
  destroyRotatedSecretsJob,
  expireListenSessionsJob,
];

export type WorkerOptions = Partial<Omit<DeliveryWorkerOptions, "dispatcherFor">> & { schedulerTickMs?: number };

export async function startWorkers(app: AppContext, options: WorkerOptions = {}): Promise<Workers> {
  // One keep-alive pool per verify_ssl setting; undici keeps the connections per origin inside each.
  const dispatchers = {
    verified: createGuardedDispatcher(app.ssrf, { verifySsl: true }),
    unverified: createGuardedDispatcher(app.ssrf, { verifySsl: false }),
  };
  const delivery = startDeliveryWorker(app, {
    drainMs: app.config.shutdownGraceSeconds * 1000,
    ...options,
    dispatcherFor: (verifySsl) => (verifySsl ? dispatchers.verified : dispatchers.unverified),
  });
  const fanout = startFanOutWorker(app, { pollMs: options.pollMs });
  const batches = startBatchWorker(app, { pollMs: options.pollMs });
  const scheduler = startScheduler(app, scheduledJobs, options.schedulerTickMs);
  return {
    fanout,
    delivery,
    batches,
    scheduler,
    async stop() {
      // At once, not in turn: the delivery worker must stop putting requests on the wire the moment the signal
      // is handled, not after the other loops have finished their last step (the hand-off keeps fan-out safe).
      await Promise.all([batches.stop(), fanout.stop(), delivery.stop()]);
      await scheduler.stop();
      await Promise.all([dispatchers.verified.close(), dispatchers.unverified.close()]).catch(() => {});
    },
  };
}
