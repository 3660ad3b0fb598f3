// GET /v1/consumers/{consumer} — one consumer.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { getNamespace } from "../../lib/namespaces/namespaces.ts";
import { consumerName, namespaceSchema } from "../schemas/namespaces.ts";

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
    return getNamespace(app.db, params.consumer);
  },
});
