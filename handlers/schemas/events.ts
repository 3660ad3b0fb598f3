// Wire shapes of pushed events and event reports.
import { z } from "zod";
import { pageInfoSchema } from "../../lib/http/pagination.ts";
import { int64, uuid } from "../../lib/http/wire.ts";
import type { EventFilter } from "../../lib/events/reports.ts";
import { jsonObject, resourceName, stringMap } from "./common.ts";

export const eventId = () => uuid("event_id");

export const ttlSeconds = () =>
  int64()
    .pipe(
      z
        .number()
        .min(0, "ttl_seconds must be 0 (no expiry) or more")
        .max(366 * 86_400, "ttl_seconds must be at most a year"),
    )
    .default(0);

export const idempotencyKey = () => z.string().max(255, "the idempotency id must be at most 255 characters");

export const pushResultSchema = z.object({
  event_id: z.string(),
  warnings: z.array(z.string()),
  duplicate: z.boolean(),
});

export const eventReportSchema = z.object({
  event_id: z.string(),
  namespace: z.string(),
  event_name: z.string(),
  payload: jsonObject(),
  metadata: stringMap(),
  labels: stringMap(),
  schema_valid: z.boolean(),
  warnings: z.array(z.string()),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  webhook_count: z.number(),
  successful_count: z.number(),
  failed_count: z.number(),
  pending_count: z.number(),
});

export const eventReportListSchema = (extra: z.ZodRawShape = {}) =>
  z.object({ events: z.array(eventReportSchema), pagination: pageInfoSchema, ...extra });

/** Timestamps in filters: RFC 3339. */
export const timestampFilter = () =>
  z.iso.datetime({ offset: true, error: "must be an RFC 3339 timestamp" }).transform((v) => new Date(v));

/** Filters of ListEventReports (RPC body). */
export const eventReportFilter = {
  event_name: resourceName("event_name").or(z.literal("")).optional(),
  schema_valid: z.boolean().optional(),
  labels: stringMap().default({}),
  created_after: timestampFilter().optional(),
  created_before: timestampFilter().optional(),
};

/** The RPC form of an event filter as the filter the reads take. */
export const toEventFilter = (input: {
  event_name?: string;
  schema_valid?: boolean;
  labels?: Record<string, string>;
  created_after?: Date;
  created_before?: Date;
}): EventFilter => ({
  eventName: input.event_name || undefined,
  schemaValid: input.schema_valid,
  labels: input.labels,
  createdAfter: input.created_after,
  createdBefore: input.created_before,
});
