// DELETE /v1/tokens/{token_id} — revoke a token (idempotent, irreversible; immediate on this instance).
import { z } from "zod";
import { revokeToken } from "../../lib/access/tokens.ts";
import { rest } from "../../lib/http/route.ts";
import { tokenId } from "../schemas/access.ts";

export default rest({
  method: "DELETE",
  path: "/v1/tokens/:token_id",
  operationId: "revokeToken",
  summary: "Revoke an access token",
  tag: "Access",
  access: "admin",
  params: z.object({ token_id: tokenId() }),
  status: 204,
  errors: [404],
  async handle({ params }, { app }) {
    await revokeToken(app.db, params.token_id);
    app.tokens.forget(params.token_id);
  },
});
