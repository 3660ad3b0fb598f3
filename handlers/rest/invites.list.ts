// GET /v1/invites — pending invites, newest first, a page at a time; redeemed, expired and cancelled ones with include_inactive.
import { z } from "zod";
import { listInvites } from "../../lib/access/invites.ts";
import { pageInfo, pageInfoSchema, pageQuery } from "../../lib/http/pagination.ts";
import { rest } from "../../lib/http/route.ts";
import { includeInactive, inviteSchema } from "../schemas/access.ts";

export default rest({
  method: "GET",
  path: "/v1/invites",
  operationId: "listInvites",
  summary: "List invites",
  tag: "Access",
  access: "admin",
  query: z.object({ include_inactive: includeInactive(), ...pageQuery }),
  response: z.object({ invites: z.array(inviteSchema), pagination: pageInfoSchema }),
  async handle({ query }, { app }) {
    const { invites, total } = await listInvites(app.db, query.include_inactive, query);
    return { invites, pagination: pageInfo(query, total) };
  },
});
