// GET /v1/consumers — every consumer (RPC: namespace).
import { z } from "zod";
import { pageInfo, pageInfoSchema, pageQuery } from "../../lib/http/pagination.ts";
import { rest } from "../../lib/http/route.ts";
import { listConsumers } from "../../lib/consumers/consumers.ts";
import { namespaceSchema } from "../schemas/consumers.ts";

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
    const { consumers, total } = await listConsumers(app.db, query);
    return { consumers, pagination: pageInfo(query, total) };
  },
});
