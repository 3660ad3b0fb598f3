// POST /v1/tokens — mint an access token; the secret is returned once (consumer tokens also get portal_path, and portal_url
// when svc knows its public URL).
import { mintToken } from "../../lib/access/tokens.ts";
import { publicBase } from "../../lib/http/request-origin.ts";
import { rest } from "../../lib/http/route.ts";
import { mintedTokenSchema, tokenCreateBody } from "../schemas/access.ts";

export default rest({
  method: "POST",
  path: "/v1/tokens",
  operationId: "createToken",
  summary: "Mint an access token",
  tag: "Access",
  access: "admin",
  body: tokenCreateBody,
  status: 201,
  response: mintedTokenSchema,
  async handle({ body }, { app, request }) {
    const token = await mintToken(
      app.db,
      app.keyring,
      {
        name: body.name,
        consumer: body.consumer,
        ttlSeconds: body.ttl_seconds,
        neverExpires: body.never_expires,
        externalId: body.external_id,
      },
      app.config.tokenDefaultTtlSeconds,
    );
    const base = publicBase(app.config, request);
    return base && token.portal_path ? { ...token, portal_url: base + token.portal_path } : token;
  },
});
