// DELETE /v1/invites/{invite_id} — cancel a pending invite (409 when it is not pending).
import { z } from "zod";
import { cancelInvite } from "../../lib/access/invites.ts";
import { rest } from "../../lib/http/route.ts";
import { inviteId } from "../schemas/access.ts";

export default rest({
  method: "DELETE",
  path: "/v1/invites/:invite_id",
  operationId: "cancelInvite",
  summary: "Cancel a pending invite",
  tag: "Access",
  access: "admin",
  params: z.object({ invite_id: inviteId() }),
  status: 204,
  errors: [404, 409],
  async handle({ params }, { app }) {
    await cancelInvite(app.db, params.invite_id);
  },
});
