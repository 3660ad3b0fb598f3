// NamespaceService.GetNamespace — one namespace (NOT_FOUND if unknown).
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { getConsumer } from "../../lib/consumers/consumers.ts";
import { namespaceName, namespaceSchema } from "../schemas/consumers.ts";

export default rpc({
  service: "NamespaceService",
  method: "GetNamespace",
  summary: "Get a namespace",
  input: z.object({ name: namespaceName() }),
  response: z.object({ namespace: namespaceSchema }),
  async handle({ name }, { app }) {
    return { namespace: await getConsumer(app.db, name) };
  },
});
