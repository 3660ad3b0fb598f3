// GET /v1/tokens — tokens, newest first; expired and revoked ones only with include_inactive.
import { z } from "zod";
import { listTokens } from "../../lib/access/tokens.ts";
import { rest } from "../../lib/http/route.ts";
import { includeInactive, tokenSchema } from "../schemas/access.ts";
import { consumerName } from "../schemas/namespaces.ts";

export default rest({
  method: "GET",
  path: "/v1/tokens",
  operationId: "listTokens",
  summary: "List access tokens",
  tag: "Access",
  access: "admin",
  query: z.object({ consumer: consumerName().optional(), include_inactive: includeInactive() }),
  response: z.object({ tokens: z.array(tokenSchema) }),
  async handle({ query }, { app }) {
    return { tokens: await listTokens(app.db, { consumer: query.consumer, includeInactive: query.include_inactive }) };
  },
});
