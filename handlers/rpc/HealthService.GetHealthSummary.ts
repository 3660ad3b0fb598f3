// HealthService.GetHealthSummary — how many webhooks are in each state, across all namespaces.
import { z } from "zod";
import { healthSummary } from "../../lib/health/reads.ts";
import { rpc } from "../../lib/http/route.ts";
import { summarySchema } from "../schemas/health.ts";

export default rpc({
  service: "HealthService",
  method: "GetHealthSummary",
  summary: "Health summary",
  input: z.object({}),
  response: z.object({ summary: summarySchema }),
  async handle(_input, { app }) {
    return { summary: await healthSummary(app.readDb) };
  },
});
