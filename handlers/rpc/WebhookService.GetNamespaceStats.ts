// WebhookService.GetNamespaceStats — webhook and delivery counts of a namespace, from kept counters.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { consumerStats } from "../../lib/stats/counters.ts";
import { statsSchema } from "../schemas/health.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";

export default rpc({
  service: "WebhookService",
  method: "GetNamespaceStats",
  summary: "Namespace statistics",
  input: z.object({ namespace: namespaceName() }),
  response: z.object({ namespace: z.string(), stats: statsSchema }),
  async handle({ namespace }, { app }) {
    await requireConsumer(app.db, namespace);
    return { namespace, stats: await consumerStats(app.readDb, namespace) };
  },
});
