// GET /v1/whoami — which credential this request used (also /portal/api/whoami for consumer tokens).
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";

export default rest({
  method: "GET",
  path: "/v1/whoami",
  operationId: "whoami",
  summary: "Show the credential in use",
  tag: "Access",
  access: "admin",
  portal: true,
  response: z.object({
    auth_enabled: z.boolean(),
    name: z.string().nullable(),
    master_key: z.boolean(),
    token_id: z.string().nullable(),
    consumer: z.string().nullable(),
  }),
  async handle(_input, { app, principal }) {
    const token = principal.kind === "token" ? principal : null;
    return {
      auth_enabled: Boolean(app.config.apiKey),
      name: token ? token.name : principal.kind === "master" ? "master key" : null,
      master_key: principal.kind === "master",
      token_id: token?.tokenId ?? null,
      consumer: token?.consumer ?? null,
    };
  },
});
