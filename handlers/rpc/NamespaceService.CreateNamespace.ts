// NamespaceService.CreateNamespace — creates a namespace (ALREADY_EXISTS if it exists).
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { createNamespace } from "../../lib/namespaces/namespaces.ts";
import { namespaceName, namespaceSchema } from "../schemas/namespaces.ts";

export default rpc({
  service: "NamespaceService",
  method: "CreateNamespace",
  summary: "Create a namespace",
  input: z.object({ name: namespaceName() }),
  response: z.object({ namespace: namespaceSchema }),
  async handle({ name }, { app }) {
    return { namespace: await createNamespace(app.db, name) };
  },
});
