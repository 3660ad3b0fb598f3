// NamespaceService.ListNamespaces — every namespace, by name.
import { z } from "zod";
import { pageInfo, pageInfoSchema, paginationField } from "../../lib/http/pagination.ts";
import { rpc } from "../../lib/http/route.ts";
import { listNamespaces } from "../../lib/namespaces/namespaces.ts";
import { namespaceSchema } from "../schemas/namespaces.ts";

export default rpc({
  service: "NamespaceService",
  method: "ListNamespaces",
  summary: "List namespaces",
  input: z.object({ pagination: paginationField() }),
  response: z.object({ namespaces: z.array(namespaceSchema), pagination: pageInfoSchema }),
  async handle({ pagination }, { app }) {
    const { namespaces, total } = await listNamespaces(app.db, pagination);
    return { namespaces, pagination: pageInfo(pagination, total) };
  },
});
