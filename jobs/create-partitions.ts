// Hourly: partitions of the history ready at least three intervals ahead (SVC_PARTITION_INTERVAL), so a push never
// waits for one; rows that reached the DEFAULT partition meanwhile (a clock that jumped ahead) move to theirs.
import { ensurePartitionsAhead } from "../lib/history/partitions.ts";
import type { ScheduledJob } from "./scheduler.ts";

export const createPartitionsJob: ScheduledJob = {
  name: "create-partitions",
  periodSeconds: 3_600,
  timeoutSeconds: 600,
  async run(app) {
    return { ...(await ensurePartitionsAhead(app.db, { intervalDays: app.config.partitionIntervalDays, ahead: 3 })) };
  },
};
