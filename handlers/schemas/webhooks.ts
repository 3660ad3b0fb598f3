// Wire shapes of webhooks.
import { z } from "zod";
import { int32, uuid } from "../../lib/http/wire.ts";
import { pageInfoSchema } from "../../lib/http/pagination.ts";
import { stringMap } from "./common.ts";
import { eventName } from "./event-types.ts";

const range = (name: string, min: number, max: number) =>
  int32().pipe(
    z
      .number()
      .min(min, `${name} must be between ${min} and ${max}`)
      .max(max, `${name} must be between ${min} and ${max}`),
  );

/** http_config as a request carries it: every field optional (omitted = default), the secret included. Ranges from the CONTRACT. */
export const httpConfigInput = () =>
  z.object({
    max_retries: range("max_retries", 0, 10).optional(),
    retry_backoff_seconds: range("retry_backoff_seconds", 1, 3600).optional(),
    request_timeout_seconds: range("request_timeout_seconds", 1, 300).optional(),
    expected_status_codes: z
      .array(range("expected_status_codes", 100, 599))
      .max(100)
      .optional(),
    verify_ssl: z.boolean().optional(),
    capture_response_body: z.boolean().optional(),
    follow_redirects: z.boolean().optional(),
    rate_limit_rps: z.number().positive("rate_limit_rps must be greater than 0").max(100_000).nullable().optional(),
    pause_on_gone: z.boolean().optional(),
    auto_disable_after_seconds: range("auto_disable_after_seconds", 0, 90 * 86_400).optional(),
    webhook_secret: z.string().max(200).optional(),
  });

export const webhookId = () => uuid("webhook_id");

/** Fields of a new webhook; omitted fields take their defaults. */
export const webhookFields = {
  url: z.string({ error: "url is required" }).min(1, "url is required"),
  events: z.array(eventName()).min(1, "events must list at least one event name"),
  headers: stringMap().default({}),
  secret_headers: stringMap().default({}),
  timeout: int32()
    .pipe(
      z
        .number()
        .min(0, "timeout must be between 0 and 300 seconds")
        .max(300, "timeout must be between 0 and 300 seconds"),
    )
    .default(0)
    .describe("Deprecated: use http_config.request_timeout_seconds"),
  active: z.boolean().default(true),
  description: z.string().max(10_000).default(""),
  http_config: httpConfigInput().optional(),
};

/** The same fields as a partial update: nothing defaults, so "absent" stays distinguishable. */
export const webhookUpdates = z.object({
  url: z.string().optional(),
  events: z.array(eventName()).optional(),
  headers: stringMap().optional(),
  secret_headers: stringMap().optional(),
  timeout: int32().optional(),
  active: z.boolean().optional(),
  description: z.string().max(10_000).optional(),
  http_config: httpConfigInput().optional(),
});

const httpConfigSchema = z.object({
  max_retries: z.number(),
  retry_backoff_seconds: z.number(),
  request_timeout_seconds: z.number(),
  expected_status_codes: z.array(z.number()),
  verify_ssl: z.boolean(),
  capture_response_body: z.boolean(),
  follow_redirects: z.boolean(),
  rate_limit_rps: z.number().nullable(),
  pause_on_gone: z.boolean().describe("a 410 Gone answer pauses the webhook (default true)"),
  auto_disable_after_seconds: z
    .number()
    .describe("pause after this long with only failures; 0 = the server default (SVC_AUTO_DISABLE_AFTER)"),
  webhook_secret: z.string().describe("whsec_… in plaintext only in the registration response; masked afterwards"),
});

export const webhookSchema = z.object({
  webhook_id: z.string(),
  namespace: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  headers: stringMap(),
  secret_headers: stringMap().describe("names only; every value is a fixed mask"),
  timeout: z.number(),
  active: z.boolean(),
  description: z.string(),
  paused_reason: z.string(),
  http_config: httpConfigSchema,
  health: z.string(),
  signing_public_key: z.string().describe("base64 Ed25519 public key (32 bytes)"),
  created_at: z.string(),
  updated_at: z.string(),
});

export const webhookListSchema = (key: string) =>
  z.object({ [key]: z.array(webhookSchema), pagination: pageInfoSchema });

/** Options of a secret rotation (REST body and RPC request). */
export const rotationFields = {
  secret: z.string().optional().describe("The new whsec_ secret; omitted, svc generates one"),
  grace_seconds: int32()
    .pipe(
      z
        .number()
        .min(0, "grace_seconds must be from 0 to 604800 (7 days)")
        .max(604_800, "grace_seconds must be from 0 to 604800 (7 days)"),
    )
    .optional()
    .describe(
      "How long the replaced secret and key keep signing beside the new ones (default 86400; 0 replaces at once)",
    ),
};

export const rotationResultSchema = z.object({
  webhook_id: z.string(),
  webhook_secret: z.string().describe("The new whsec_ secret, in plaintext only in this response"),
  signing_public_key: z.string().describe("The new base64 Ed25519 public key"),
  previous_secret_expires_at: z
    .string()
    .nullable()
    .describe("When the replaced secret and key stop signing and are destroyed; null when replaced at once"),
});

/** The answer to a rotation on both surfaces. */
export const rotationResult = (r: {
  webhook: { webhook_id: string; http_config: { webhook_secret: string }; signing_public_key: string };
  previousExpiresAt: Date | null;
}) => ({
  webhook_id: r.webhook.webhook_id,
  webhook_secret: r.webhook.http_config.webhook_secret,
  signing_public_key: r.webhook.signing_public_key,
  previous_secret_expires_at: r.previousExpiresAt ? r.previousExpiresAt.toISOString() : null,
});
