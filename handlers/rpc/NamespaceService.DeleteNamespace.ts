// NamespaceService.DeleteNamespace — deletes an empty namespace; `default` always stays.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { deleteNamespace } from "../../lib/namespaces/namespaces.ts";
import { namespaceName } from "../schemas/namespaces.ts";

export default rpc({
  service: "NamespaceService",
  method: "DeleteNamespace",
  summary: "Delete an empty namespace",
  input: z.object({ name: namespaceName() }),
  async handle({ name }, { app }) {
    await deleteNamespace(app.db, name);
    return {};
  },
});
