// POST /v1/consumers — create a consumer explicitly (any write under /v1/consumers/{consumer} also creates it).
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { createNamespace } from "../../lib/namespaces/namespaces.ts";
import { consumerName, namespaceSchema } from "../schemas/namespaces.ts";

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
    return createNamespace(app.db, body.name);
  },
});
