// NamespaceService.DeleteNamespace — deletes an empty namespace; `default` always stays.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { deleteConsumer } from "../../lib/consumers/consumers.ts";
import { namespaceName } from "../schemas/consumers.ts";

export default rpc({
  service: "NamespaceService",
  method: "DeleteNamespace",
  summary: "Delete an empty namespace",
  input: z.object({ name: namespaceName() }),
  async handle({ name }, { app }) {
    await deleteConsumer(app.db, name);
    return {};
  },
});
