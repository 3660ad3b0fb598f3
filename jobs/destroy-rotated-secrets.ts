// Every minute: destroys the signing material of rotations whose overlap window has ended.
import { destroyExpiredSecrets } from "../lib/webhooks/rotation.ts";
import type { ScheduledJob } from "./scheduler.ts";

export const destroyRotatedSecretsJob: ScheduledJob = {
  name: "destroy-rotated-secrets",
  periodSeconds: 60,
  timeoutSeconds: 120,
  run: async (app) => ({ ...(await destroyExpiredSecrets(app.db)) }),
};
