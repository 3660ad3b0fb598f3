// DELETE /v1/consumers/{consumer} — delete an empty consumer (409 while it has webhooks; `default` stays).
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { deleteNamespace } from "../../lib/namespaces/namespaces.ts";
import { consumerName } from "../schemas/namespaces.ts";

export default rest({
  method: "DELETE",
  path: "/v1/consumers/:consumer",
  operationId: "deleteConsumer",
  summary: "Delete an empty consumer",
  tag: "Consumers",
  access: "admin",
  params: z.object({ consumer: consumerName() }),
  status: 204,
  errors: [404, 409],
  async handle({ params }, { app }) {
    await deleteNamespace(app.db, params.consumer);
  },
});
