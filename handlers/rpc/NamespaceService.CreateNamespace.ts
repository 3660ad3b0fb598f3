// NamespaceService.CreateNamespace — creates a namespace (ALREADY_EXISTS if it exists).
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { createConsumer } from "../../lib/consumers/consumers.ts";
import { namespaceName, namespaceSchema } from "../schemas/consumers.ts";

export default rpc({
  service: "NamespaceService",
  method: "CreateNamespace",
  summary: "Create a namespace",
  input: z.object({ name: namespaceName() }),
  response: z.object({ namespace: namespaceSchema }),
  async handle({ name }, { app }) {
    return { namespace: await createConsumer(app.db, name) };
  },
});
