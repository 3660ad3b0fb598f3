// Removes abandoned listen sessions (no stream renewed them within their lease) with their temporary webhooks.
import { expireListenSessions } from "../lib/listen/sessions.ts";
import type { ScheduledJob } from "./scheduler.ts";

export const expireListenSessionsJob: ScheduledJob = {
  name: "expire-listen-sessions",
  periodSeconds: 15,
  timeoutSeconds: 60,
  run: async (app) => ({ ...(await expireListenSessions(app)) }),
};
