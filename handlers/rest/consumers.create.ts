// POST /v1/consumers — create a consumer explicitly (any write under /v1/consumers/{consumer} also creates it).
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { createConsumer } from "../../lib/consumers/consumers.ts";
import { consumerName, namespaceSchema } from "../schemas/consumers.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers",
  operationId: "createConsumer",
  summary: "Create a consumer",
  tag: "Consumers",
  access: "admin",
  body: z.object({ name: consumerName() }),
  status: 201,
  response: namespaceSchema,
  errors: [409],
  async handle({ body }, { app }) {
    return createConsumer(app.db, body.name);
  },
});
