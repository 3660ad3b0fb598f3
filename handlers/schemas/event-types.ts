// Wire shapes of event types.
import { z } from "zod";
import { pageInfoSchema } from "../../lib/http/pagination.ts";
import { jsonObject, resourceName, stringMap } from "./common.ts";

export const eventName = () => resourceName("event name");

/** Fields of a new event type (RegisterEvent, POST /v1/event-types). */
export const eventTypeFields = {
  description: z.string().max(10_000).optional(),
  schema: jsonObject().nullable().optional(),
  metadata: stringMap().optional(),
  active: z.boolean().optional(),
};

export const eventTypeSchema = z.object({
  name: z.string(),
  description: z.string(),
  schema: jsonObject().nullable(),
  metadata: stringMap(),
  active: z.boolean(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const eventTypeWithSampleSchema = eventTypeSchema.extend({ sample_payload: z.unknown() });

export const eventTypeListSchema = z.object({ events: z.array(eventTypeSchema), pagination: pageInfoSchema });

export const eventTypeVersionSchema = z.object({
  version: z.number(),
  schema: jsonObject().nullable(),
  created_at: z.string(),
});
