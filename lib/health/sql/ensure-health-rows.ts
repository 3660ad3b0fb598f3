// Health rows for the webhooks of a batch that may not have one yet. Unregistered webhooks get none (their outcomes
// may still be arriving); the rows returned are those inserted now.
import { statement } from "../../deliveries/sql/statement.ts";

export const ensureHealthRows = statement<{ webhookId: string; consumer: string }[], { webhook_id: string }>(
  "health.ensure",
  `insert into webhook_health (webhook_id, namespace)
             select u.id, u.namespace from unnest($1::uuid[], $2::text[]) as u(id, namespace)
              where exists (select 1 from webhooks w where w.id = u.id)
             on conflict (webhook_id) do nothing
             returning webhook_id`,
  (webhooks) => [webhooks.map((w) => w.webhookId), webhooks.map((w) => w.consumer)],
);
