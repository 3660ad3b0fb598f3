// Small periodic upkeep: the 24-hour health window, the overview's 8 days of minutes and expired batch snapshots.
import { purgeExpiredBatches } from "../lib/batches/batches.ts";
import { pruneMinuteStats } from "../lib/deliveries/minute-stats.ts";
import { pruneHealthBuckets } from "../lib/health/reads.ts";
import type { ScheduledJob } from "./scheduler.ts";

export const healthWindowJob: ScheduledJob = {
  name: "health-window",
  periodSeconds: 3_600,
  timeoutSeconds: 300,
  run: async (app) => ({
    buckets_removed: await pruneHealthBuckets(app.db),
    minutes_removed: await pruneMinuteStats(app.db),
  }),
};

export const expiredBatchesJob: ScheduledJob = {
  name: "expired-batches",
  periodSeconds: 600,
  timeoutSeconds: 300,
  run: async (app) => ({ batches_removed: await purgeExpiredBatches(app.db) }),
};
