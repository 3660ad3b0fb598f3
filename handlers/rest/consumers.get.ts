// GET /v1/consumers/{consumer} — one consumer.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { getConsumer } from "../../lib/consumers/consumers.ts";
import { consumerName, namespaceSchema } from "../schemas/consumers.ts";

export default rest({
  method: "GET",
  path: "/v1/consumers/:consumer",
  operationId: "getConsumer",
  summary: "Get a consumer",
  tag: "Consumers",
  access: "admin",
  params: z.object({ consumer: consumerName() }),
  response: namespaceSchema,
  errors: [404],
  async handle({ params }, { app }) {
    return getConsumer(app.db, params.consumer);
  },
});
