// GET /v1/stats — webhook and delivery counts across every consumer.
import { rest } from "../../lib/http/route.ts";
import { consumerStats } from "../../lib/stats/counters.ts";
import { statsSchema } from "../schemas/health.ts";

export default rest({
  method: "GET",
  path: "/v1/stats",
  operationId: "getStats",
  summary: "Statistics across consumers",
  tag: "Health",
  access: "admin",
  response: statsSchema,
  async handle(_input, { app }) {
    return consumerStats(app.readDb, undefined);
  },
});
