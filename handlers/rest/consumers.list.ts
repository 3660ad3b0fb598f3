// GET /v1/consumers — every consumer (RPC: namespace).
import { z } from "zod";
import { pageInfo, pageInfoSchema, pageQuery } from "../../lib/http/pagination.ts";
import { rest } from "../../lib/http/route.ts";
import { listNamespaces } from "../../lib/namespaces/namespaces.ts";
import { namespaceSchema } from "../schemas/namespaces.ts";

export default rest({
  method: "GET",
  path: "/v1/consumers",
  operationId: "listConsumers",
  summary: "List consumers",
  tag: "Consumers",
  access: "admin",
  query: z.object(pageQuery),
  response: z.object({ consumers: z.array(namespaceSchema), pagination: pageInfoSchema }),
  async handle({ query }, { app }) {
    const { namespaces, total } = await listNamespaces(app.db, query);
    return { consumers: namespaces, pagination: pageInfo(query, total) };
  },
});
