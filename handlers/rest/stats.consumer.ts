// GET /v1/consumers/{consumer}/stats — a consumer's webhook and delivery counts.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { consumerStats } from "../../lib/stats/counters.ts";
import { statsSchema } from "../schemas/health.ts";
import { consumerName } from "../schemas/consumers.ts";

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
    await requireConsumer(app.db, params.consumer);
    return { consumer: params.consumer, ...(await consumerStats(app.readDb, params.consumer)) };
  },
});
