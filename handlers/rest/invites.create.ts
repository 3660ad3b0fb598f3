// POST /v1/invites — create a single-use invite link (full access, or for one consumer).
import { z } from "zod";
import { createInvite } from "../../lib/access/invites.ts";
import { publicBase } from "../../lib/http/request-origin.ts";
import { rest } from "../../lib/http/route.ts";
import { int64 } from "../../lib/http/wire.ts";
import { credentialName, inviteSchema } from "../schemas/access.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "POST",
  path: "/v1/invites",
  operationId: "createInvite",
  summary: "Create an invite",
  tag: "Access",
  access: "admin",
  body: z.object({ name: credentialName(), ttl_seconds: int64().optional(), consumer: consumerName().optional() }),
  status: 201,
  response: inviteSchema.extend({
    secret: z.string(),
    path: z.string().describe("prepend the UI base URL: /#invite=… or /portal#invite=…"),
    url: z
      .string()
      .optional()
      .describe("the absolute link (SVC_PUBLIC_URL, or the scheme and host a trusted proxy reported) + path"),
  }),
  async handle({ body }, { app, request }) {
    const invite = await createInvite(app.db, {
      name: body.name,
      ttlSeconds: body.ttl_seconds,
      consumer: body.consumer,
    });
    const base = publicBase(app.config, request);
    return base ? { ...invite, url: base + invite.path } : invite;
  },
});
