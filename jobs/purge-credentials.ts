// Daily: deletes tokens and invites that ended more than 7 days ago.
import { purgeOldCredentials } from "../lib/access/cleanup.ts";
import type { ScheduledJob } from "./scheduler.ts";

export const purgeCredentialsJob: ScheduledJob = {
  name: "purge-credentials",
  periodSeconds: 86_400,
  timeoutSeconds: 600,
  run: async (app) => ({ ...(await purgeOldCredentials(app.db)) }),
};
