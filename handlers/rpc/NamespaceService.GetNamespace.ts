// NamespaceService.GetNamespace — one namespace (NOT_FOUND if unknown).
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { getNamespace } from "../../lib/namespaces/namespaces.ts";
import { namespaceName, namespaceSchema } from "../schemas/namespaces.ts";

export default rpc({
  service: "NamespaceService",
  method: "GetNamespace",
  summary: "Get a namespace",
  input: z.object({ name: namespaceName() }),
  response: z.object({ namespace: namespaceSchema }),
  async handle({ name }, { app }) {
    return { namespace: await getNamespace(app.db, name) };
  },
});
