// POST /v1/consumers/{consumer}/webhooks/{webhook_id}/secret:rotate — new signing secret and key, with an overlap window.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { rotateWebhookSecret } from "../../lib/webhooks/rotation.ts";
import { consumerName } from "../schemas/consumers.ts";
import { rotationFields, rotationResult, rotationResultSchema, webhookId } from "../schemas/webhooks.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/webhooks/:webhook_id/secret:rotate",
  operationId: "rotateWebhookSecret",
  summary: "Rotate a webhook's signing secret and key",
  description:
    "Returns the new secret once. Until previous_secret_expires_at every delivery carries signatures " +
    "by both the new and the replaced secret (and key), new first; then the replaced ones are " +
    "destroyed.",
  tag: "Webhooks",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), webhook_id: webhookId() }),
  body: z.object(rotationFields).default({}),
  response: rotationResultSchema,
  errors: [404],
  async handle({ params, body }, { app }) {
    return rotationResult(
      await rotateWebhookSecret(app, params.consumer, params.webhook_id, {
        secret: body.secret,
        graceSeconds: body.grace_seconds,
      }),
    );
  },
});
