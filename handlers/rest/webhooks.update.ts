// PATCH /v1/consumers/{consumer}/webhooks/{webhook_id} — the fields present in the body are written (as an update_mask).
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { updateWebhook, type UpdatePath } from "../../lib/webhooks/webhooks.ts";
import { consumerName } from "../schemas/consumers.ts";
import { webhookId, webhookSchema, webhookUpdates } from "../schemas/webhooks.ts";

export default rest({
  method: "PATCH",
  path: "/v1/consumers/:consumer/webhooks/:webhook_id",
  operationId: "updateWebhook",
  summary: "Update a webhook",
  description:
    "Writes exactly the fields present in the body. `http_config` is replaced as a whole; the signing " +
    "secret changes only when `http_config.webhook_secret` is present.",
  tag: "Webhooks",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), webhook_id: webhookId() }),
  body: webhookUpdates,
  response: webhookSchema,
  errors: [404, 409],
  async handle({ params, body }, { app }) {
    // An empty body writes nothing: an empty mask with no non-zero fields.
    const mask = Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined) as UpdatePath[];
    if (body.http_config?.webhook_secret !== undefined) mask.push("http_config.webhook_secret");
    return updateWebhook(app, params.consumer, params.webhook_id, body, mask);
  },
});
