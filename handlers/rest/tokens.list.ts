// GET /v1/tokens — tokens, newest first, a page at a time; expired and revoked ones only with include_inactive.
import { z } from "zod";
import { listTokens } from "../../lib/access/tokens.ts";
import { pageInfo, pageInfoSchema, pageQuery } from "../../lib/http/pagination.ts";
import { rest } from "../../lib/http/route.ts";
import { includeInactive, tokenSchema } from "../schemas/access.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "GET",
  path: "/v1/tokens",
  operationId: "listTokens",
  summary: "List access tokens",
  tag: "Access",
  access: "admin",
  query: z.object({ consumer: consumerName().optional(), include_inactive: includeInactive(), ...pageQuery }),
  response: z.object({ tokens: z.array(tokenSchema), pagination: pageInfoSchema }),
  async handle({ query }, { app }) {
    const { tokens, total } = await listTokens(
      app.db,
      { consumer: query.consumer, includeInactive: query.include_inactive },
      query,
    );
    return { tokens, pagination: pageInfo(query, total) };
  },
});
