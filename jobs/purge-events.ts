// Hourly, when SVC_EVENT_RETENTION_DAYS > 0: partitions of the history wholly past retention are dropped, then those
// due within the next interval are counted, so that their drop subtracts stored figures instead of reading them.
import { countAhead, dropOldPartitions } from "../lib/events/retention.ts";
import type { ScheduledJob } from "./scheduler.ts";

export const purgeEventsJob: ScheduledJob = {
  name: "purge-events",
  periodSeconds: 3_600,
  timeoutSeconds: 1_800,
  async run(app) {
    if (app.config.eventRetentionDays <= 0) return { skipped: "SVC_EVENT_RETENTION_DAYS is 0 (keep forever)" };
    const options = { intervalDays: app.config.partitionIntervalDays };
    const result = await dropOldPartitions(app.db, app.config.eventRetentionDays, options);
    // Not an error: the work is kept on purpose, but an operator should know why the history is not shrinking.
    if (result.waiting.length)
      app.log.warn("retention keeps partitions past the window until their work is done", { waiting: result.waiting });
    const ahead = await countAhead(app.db, app.config.eventRetentionDays, options);
    return { ...result, counted_ahead: ahead };
  },
};
