// Wire shapes of tokens and invites.
import { z } from "zod";
import { int64, queryBool, uuid } from "../../lib/http/wire.ts";
import { consumerName } from "./consumers.ts";

export const credentialName = () =>
  z
    .string({ error: "name is required" })
    .trim()
    .min(1, "name is required")
    .max(200, "name must be at most 200 characters");

export const tokenId = () => uuid("token_id");
export const inviteId = () => uuid("invite_id");

export const tokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  consumer: z.string().nullable(),
  external_id: z.string().nullable(),
  status: z.enum(["active", "expired", "revoked"]),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

export const mintedTokenSchema = tokenSchema.extend({
  secret: z.string().describe("svc_tk_…, shown once (again on a reused external_id mint)"),
  portal_path: z.string().optional().describe("consumer tokens: /portal#token=<secret>"),
  portal_url: z
    .string()
    .optional()
    .describe("consumer tokens: the absolute portal link (SVC_PUBLIC_URL, or what a trusted proxy reported)"),
  reused: z.boolean(),
});

export const tokenCreateBody = z.object({
  name: credentialName(),
  consumer: consumerName().optional(),
  ttl_seconds: int64().optional(),
  never_expires: z.boolean().default(false),
  external_id: z.string().min(1).max(200).optional(),
});

export const inviteSchema = z.object({
  id: z.string(),
  name: z.string(),
  consumer: z.string().nullable(),
  status: z.enum(["pending", "redeemed", "expired", "cancelled"]),
  created_at: z.string(),
  expires_at: z.string(),
  redeemed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  token_id: z.string().nullable(),
});

export const includeInactive = () => queryBool().default(false);
