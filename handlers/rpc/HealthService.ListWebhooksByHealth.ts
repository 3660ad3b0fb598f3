// HealthService.ListWebhooksByHealth — webhooks across namespaces in one health state.
import { z } from "zod";
import { pageInfo, paginationField } from "../../lib/http/pagination.ts";
import { rpc } from "../../lib/http/route.ts";
import { listWebhooks } from "../../lib/webhooks/webhooks.ts";
import { healthEnum } from "../schemas/health.ts";
import { webhookListSchema } from "../schemas/webhooks.ts";
import { rpcWebhook } from "./shapes.ts";

export default rpc({
  service: "HealthService",
  method: "ListWebhooksByHealth",
  summary: "List webhooks in a health state",
  input: z.object({ health: healthEnum().transform((v) => v ?? "unspecified"), pagination: paginationField() }),
  response: webhookListSchema("webhooks"),
  async handle({ health, pagination }, { app }) {
    const { webhooks, total } = await listWebhooks(app, undefined, { health }, pagination);
    return { webhooks: webhooks.map(rpcWebhook), pagination: pageInfo(pagination, total) };
  },
});
