// Marks deliveries expired once their event's TTL has passed (a claimed one is also expired when claimed).
import { expireDeliveries } from "../lib/deliveries/expiry.ts";
import type { ScheduledJob } from "./scheduler.ts";

export const expireDeliveriesJob: ScheduledJob = {
  name: "expire-deliveries",
  periodSeconds: 10,
  timeoutSeconds: 120,
  async run(app) {
    let expired = 0;
    for (let n = -1; n !== 0 && expired < 100_000; expired += n) n = await expireDeliveries(app.db, 1000);
    return { expired };
  },
};
