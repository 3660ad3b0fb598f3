// WebhookService.RotateWebhookSecret — new signing secret and key; the replaced ones keep signing for grace_seconds.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { rotateWebhookSecret } from "../../lib/webhooks/rotation.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { rotationFields, rotationResult, rotationResultSchema, webhookId } from "../schemas/webhooks.ts";

export default rpc({
  service: "WebhookService",
  method: "RotateWebhookSecret",
  summary: "Rotate a webhook's signing secret and key",
  input: z.object({ namespace: namespaceName(), webhook_id: webhookId(), ...rotationFields }),
  response: rotationResultSchema,
  async handle({ namespace, webhook_id, secret, grace_seconds }, { app }) {
    await requireConsumer(app.db, namespace);
    return rotationResult(
      await rotateWebhookSecret(app, namespace, webhook_id, { secret, graceSeconds: grace_seconds }),
    );
  },
});
