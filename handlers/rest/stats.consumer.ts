// GET /v1/consumers/{consumer}/stats — a consumer's webhook and delivery counts.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { requireNamespace } from "../../lib/namespaces/namespaces.ts";
import { namespaceStats } from "../../lib/stats/counters.ts";
import { statsSchema } from "../schemas/health.ts";
import { consumerName } from "../schemas/namespaces.ts";

export default rest({
  method: "GET",
  path: "/v1/consumers/:consumer/stats",
  operationId: "getConsumerStats",
  summary: "Consumer statistics",
  tag: "Health",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName() }),
  response: statsSchema.extend({ consumer: z.string() }),
  errors: [404],
  async handle({ params }, { app }) {
    await requireNamespace(app.db, params.consumer);
    return { consumer: params.consumer, ...(await namespaceStats(app.db, params.consumer)) };
  },
});
