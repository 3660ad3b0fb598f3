// GET /v1/health-summary — webhooks per health state across all consumers.
import { healthSummary } from "../../lib/health/reads.ts";
import { rest } from "../../lib/http/route.ts";
import { summarySchema } from "../schemas/health.ts";

export default rest({
  method: "GET",
  path: "/v1/health-summary",
  operationId: "getHealthSummary",
  summary: "Health summary",
  tag: "Health",
  access: "admin",
  response: summarySchema,
  async handle(_input, { app }) {
    return healthSummary(app.readDb);
  },
});
