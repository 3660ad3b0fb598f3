// POST /invite/redeem — exchange an invite secret for a token (no credential needed; each invite works once).
import { z } from "zod";
import { redeemInvite } from "../../lib/access/invites.ts";
import { rest } from "../../lib/http/route.ts";
import { mintedTokenSchema } from "../schemas/access.ts";

export default rest({
  method: "POST",
  path: "/invite/redeem",
  operationId: "redeemInvite",
  summary: "Redeem an invite",
  tag: "Access",
  access: "public",
  body: z.object({ invite: z.string({ error: "invite is required" }).min(1, "invite is required").max(200) }),
  response: mintedTokenSchema,
  async handle({ body }, { app }) {
    return redeemInvite(app.db, app.keyring, body.invite, app.config.tokenDefaultTtlSeconds);
  },
});
