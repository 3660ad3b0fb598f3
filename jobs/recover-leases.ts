// Puts the deliveries born claimed under a lease that lapsed (their worker died) back in the retry lane.
import { recoverLapsed } from "../lib/deliveries/lapsed-leases.ts";
import type { ScheduledJob } from "./scheduler.ts";

export const recoverLeasesJob: ScheduledJob = {
  name: "recover-leases",
  // Each scheduler tick (5 s): a lapsed lease waits at most that long beyond its end.
  periodSeconds: 5,
  timeoutSeconds: 120,
  async run(app) {
    return { ...(await recoverLapsed(app.db)) };
  },
};
