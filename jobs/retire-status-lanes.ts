// Drops the previous build's lane indexes (over `status`) once that build is gone (lib/deliveries/status-lanes.ts).
import { retireStatusLanes } from "../lib/deliveries/status-lanes.ts";
import type { ScheduledJob } from "./scheduler.ts";

export const retireStatusLanesJob: ScheduledJob = {
  name: "retire-status-lanes",
  periodSeconds: 60,
  timeoutSeconds: 60,
  async run(app) {
    return { ...(await retireStatusLanes(app.db)) };
  },
};
