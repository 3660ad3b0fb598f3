// Wire shapes of deliveries and attempts.
import { z } from "zod";
import { pageInfoSchema } from "../../lib/http/pagination.ts";
import { protoEnum, uuid } from "../../lib/http/wire.ts";
import { CATEGORIES } from "../../lib/deliveries/classify.ts";
import type { DeliveryFilter } from "../../lib/deliveries/reads.ts";
import { timestampFilter } from "./events.ts";

export const deliveryId = () => uuid("delivery_id");

export const DELIVERY_STATUSES = ["pending", "sending", "success", "failed", "retrying", "expired"] as const;
export const deliveryStatus = () => protoEnum("DELIVERY_STATUS", DELIVERY_STATUSES);
export const errorCategory = () =>
  z.enum(CATEGORIES as [string, ...string[]], { error: `error_category must be one of ${CATEGORIES.join(", ")}` });

export const deliverySchema = z.object({
  delivery_id: z.string(),
  namespace: z.string(),
  webhook_id: z.string(),
  event_id: z.string(),
  subscription_id: z.string().nullable(),
  status: z.string(),
  attempt_count: z.number(),
  next_attempt_at: z.string().nullable().describe("when a pending or retrying delivery is due"),
  request_body: z.string().nullable(),
  response_code: z.number().nullable(),
  response_body: z.string().nullable(),
  error_category: z.string().nullable(),
  error_message: z.string().nullable(),
  template_error: z.string().nullable(),
  held_reason: z
    .string()
    .nullable()
    .describe("why a pending or retrying delivery is held back: its endpoint's circuit is open"),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});

export const attemptSchema = z.object({
  attempt_id: z.string(),
  delivery_id: z.string(),
  webhook_id: z.string(),
  attempt: z.number(),
  success: z.boolean(),
  response_time: z.number().describe("milliseconds; 0 when no connection was made"),
  response_code: z.number(),
  response_body: z.string().nullable(),
  error_message: z.string(),
  error_category: z.string(),
  timestamp: z.string(),
});

export const deliveryListSchema = (extra: z.ZodRawShape = {}) =>
  z.object({ deliveries: z.array(deliverySchema), pagination: pageInfoSchema, ...extra });

export const retryResultSchema = z.object({ retried_count: z.number(), delivery_ids: z.array(z.string()) });

const optionalId = (what: string) =>
  uuid(what)
    .or(z.literal(""))
    .optional()
    .transform((v) => v || undefined);

/** Filters of ListDeliveries (RPC body). */
export const deliveryFilter = {
  webhook_id: optionalId("webhook_id"),
  event_id: optionalId("event_id"),
  subscription_id: optionalId("subscription_id"),
  status: deliveryStatus().optional(),
  error_category: errorCategory()
    .or(z.literal(""))
    .optional()
    .transform((v) => v || undefined),
  created_after: timestampFilter().optional(),
  created_before: timestampFilter().optional(),
};

/** The RPC form of a delivery filter (one status) as the filter the reads take. */
export function toDeliveryFilterOf(input: {
  webhook_id?: string;
  event_id?: string;
  subscription_id?: string;
  status?: (typeof DELIVERY_STATUSES)[number];
  error_category?: string;
  created_after?: Date;
  created_before?: Date;
}): DeliveryFilter {
  return {
    webhookId: input.webhook_id,
    eventId: input.event_id,
    subscriptionId: input.subscription_id,
    status: input.status ? [input.status] : undefined,
    errorCategory: input.error_category,
    createdAfter: input.created_after,
    createdBefore: input.created_before,
  };
}
