// Wire shapes of subscriptions.
import { z } from "zod";
import { pageInfoSchema } from "../../lib/http/pagination.ts";
import { int32, protoEnum, uuid } from "../../lib/http/wire.ts";
import { stringMap } from "./common.ts";

export const subscriptionId = () => uuid("subscription_id");

const onTransformError = () => protoEnum("ON_TRANSFORM_ERROR", ["fail", "fallback"] as const);
const method = () => z.string().transform((m) => m.trim().toUpperCase());

/** Fields of a new subscription; omitted fields take their defaults. */
export const subscriptionFields = {
  headers: stringMap().default({}),
  method: method()
    .optional()
    .transform((m) => m || "POST"),
  timeout: int32().default(0).describe("seconds; 0 = the webhook's request timeout"),
  transform_enabled: z.boolean().default(false),
  transform_template: z.string().default("").describe("Go text/template source; its output replaces the delivery body"),
  on_transform_error: onTransformError()
    .optional()
    .transform((v) => v ?? "fail"),
  transform_strict: z.boolean().default(false).describe("missingkey=error: a missing map key fails the transform"),
  label_filters: stringMap().default({}),
};

/** Partial update: only fields that are present are written (headers and label_filters replace). */
export const subscriptionChanges = {
  headers: stringMap().optional(),
  method: method()
    .optional()
    .transform((m) => m || undefined),
  timeout: int32()
    .optional()
    .transform((t) => t || undefined),
  transform_enabled: z.boolean().optional(),
  transform_template: z.string().optional(),
  on_transform_error: onTransformError().optional(),
  transform_strict: z.boolean().optional(),
  label_filters: stringMap().optional(),
};

export const subscriptionSchema = z.object({
  subscription_id: z.string(),
  webhook_id: z.string(),
  event_name: z.string(),
  namespace: z.string(),
  headers: stringMap(),
  method: z.string(),
  timeout: z.number(),
  transform_enabled: z.boolean(),
  transform_template: z.string(),
  on_transform_error: z.string(),
  transform_strict: z.boolean(),
  label_filters: stringMap(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const subscriptionListSchema = z.object({
  subscriptions: z.array(subscriptionSchema),
  pagination: pageInfoSchema,
});
