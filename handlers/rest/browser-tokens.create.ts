// POST /v1/browser-tokens — exchange the master key (pasted into the UI) for a named tenant-wide token, so the
// browser keeps a revocable token and never stores the master key.
import { z } from "zod";
import { requireMaster } from "../../lib/access/authenticate.ts";
import { mintToken } from "../../lib/access/tokens.ts";
import { rest } from "../../lib/http/route.ts";
import { mintedTokenSchema } from "../schemas/access.ts";

export default rest({
  method: "POST",
  path: "/v1/browser-tokens",
  operationId: "createBrowserToken",
  summary: "Exchange the master key for a browser token",
  tag: "Access",
  access: "admin",
  body: z.object({ name: z.string().trim().max(150).default("") }).default({ name: "" }),
  status: 201,
  response: mintedTokenSchema,
  errors: [403],
  async handle({ body }, { app, principal, request }) {
    requireMaster(principal);
    const agent = request.headers.get("user-agent")?.slice(0, 60) ?? "browser";
    return mintToken(
      app.db,
      app.keyring,
      { name: `browser: ${body.name || agent}` },
      app.config.tokenDefaultTtlSeconds,
    );
  },
});
