// WebhookService.GetNamespaceStats — webhook and delivery counts of a namespace, from kept counters.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { namespaceStats } from "../../lib/stats/counters.ts";
import { statsSchema } from "../schemas/health.ts";
import { namespaceName } from "../schemas/namespaces.ts";
import { requireNamespace } from "../../lib/namespaces/namespaces.ts";

export default rpc({
  service: "WebhookService",
  method: "GetNamespaceStats",
  summary: "Namespace statistics",
  input: z.object({ namespace: namespaceName() }),
  response: z.object({ namespace: z.string(), stats: statsSchema }),
  async handle({ namespace }, { app }) {
    await requireNamespace(app.db, namespace);
    return { namespace, stats: await namespaceStats(app.db, namespace) };
  },
});
