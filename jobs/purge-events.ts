// Hourly, when SVC_EVENT_RETENTION_DAYS > 0: events past retention go with their deliveries and attempts.
import { purgeOldEvents } from "../lib/events/retention.ts";
import type { ScheduledJob } from "./scheduler.ts";

export const purgeEventsJob: ScheduledJob = {
  name: "purge-events",
  periodSeconds: 3_600,
  timeoutSeconds: 1_800,
  async run(app) {
    if (app.config.eventRetentionDays <= 0) return { skipped: "SVC_EVENT_RETENTION_DAYS is 0 (keep forever)" };
    return { ...(await purgeOldEvents(app.db, app.config.eventRetentionDays, { budgetMs: 20 * 60_000 })) };
  },
};
