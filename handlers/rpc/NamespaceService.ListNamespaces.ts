// NamespaceService.ListNamespaces — every namespace, by name.
import { z } from "zod";
import { pageInfo, pageInfoSchema, paginationField } from "../../lib/http/pagination.ts";
import { rpc } from "../../lib/http/route.ts";
import { listConsumers } from "../../lib/consumers/consumers.ts";
import { namespaceSchema } from "../schemas/consumers.ts";

export default rpc({
  service: "NamespaceService",
  method: "ListNamespaces",
  summary: "List namespaces",
  input: z.object({ pagination: paginationField() }),
  response: z.object({ namespaces: z.array(namespaceSchema), pagination: pageInfoSchema }),
  async handle({ pagination }, { app }) {
    const { consumers, total } = await listConsumers(app.db, pagination);
    return { namespaces: consumers, pagination: pageInfo(pagination, total) };
  },
});
