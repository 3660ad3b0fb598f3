// GET /v1/invites — pending invites; redeemed, expired and cancelled ones with include_inactive.
import { z } from "zod";
import { listInvites } from "../../lib/access/invites.ts";
import { rest } from "../../lib/http/route.ts";
import { includeInactive, inviteSchema } from "../schemas/access.ts";

export default rest({
  method: "GET",
  path: "/v1/invites",
  operationId: "listInvites",
  summary: "List invites",
  tag: "Access",
  access: "admin",
  query: z.object({ include_inactive: includeInactive() }),
  response: z.object({ invites: z.array(inviteSchema) }),
  async handle({ query }, { app }) {
    return { invites: await listInvites(app.db, query.include_inactive) };
  },
});
