// The URLs of the webhooks whose deliveries failed for good in a batch, for the svc.delivery.failed events.
import { statement } from "./statement.ts";

export const webhookUrls = statement<string[], { id: string; url: string }>(
  "deliveries.webhookUrls",
  "select id, url from webhooks where id = any($1::uuid[])",
  (webhookIds) => [webhookIds],
);
