// POST /portal/api/invite/redeem — the portal's own invite exchange: a consumer invite for a consumer token (no credential).
import { z } from "zod";
import { redeemInvite } from "../../lib/access/invites.ts";
import { rest } from "../../lib/http/route.ts";
import { mintedTokenSchema } from "../schemas/access.ts";

export default rest({
  method: "POST",
  path: "/portal/api/invite/redeem",
  operationId: "redeemPortalInvite",
  summary: "Redeem a consumer invite in the portal",
  description:
    "The portal calls only /portal/api/*, so its `#invite=` links are redeemed here. Only consumer " +
    "invites are accepted; a full-access invite is refused and left unused (it belongs to the " +
    "dashboard's /invite/redeem).",
  tag: "Access",
  access: "public",
  body: z.object({ invite: z.string({ error: "invite is required" }).min(1, "invite is required").max(200) }),
  response: mintedTokenSchema,
  async handle({ body }, { app }) {
    return redeemInvite(app.db, app.keyring, body.invite, app.config.tokenDefaultTtlSeconds, { consumerOnly: true });
  },
});
