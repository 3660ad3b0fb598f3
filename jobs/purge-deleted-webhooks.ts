// Deletes deliveries and attempts of unregistered webhooks in small batches.
import { purgeDeletedWebhooks } from "../lib/webhooks/tombstones.ts";
import type { ScheduledJob } from "./scheduler.ts";

export const purgeDeletedWebhooksJob: ScheduledJob = {
  name: "purge-deleted-webhooks",
  periodSeconds: 10,
  timeoutSeconds: 120,
  run: async (app) => ({ ...(await purgeDeletedWebhooks(app.db, { budgetMs: 5_000 })) }),
};
