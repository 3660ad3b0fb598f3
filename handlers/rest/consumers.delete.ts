// DELETE /v1/consumers/{consumer} — delete an empty consumer (409 while it has webhooks; `default` stays).
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { deleteConsumer } from "../../lib/consumers/consumers.ts";
import { consumerName } from "../schemas/consumers.ts";

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
    await deleteConsumer(app.db, params.consumer);
  },
});
