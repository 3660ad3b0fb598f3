// Wire shapes of the template helpers: the function catalog and the dry run.
import { z } from "zod";
import { jsonObject } from "./common.ts";
import { eventName } from "./event-types.ts";

export const templateFunctionListSchema = z.object({
  functions: z.array(z.object({ name: z.string(), description: z.string() })),
  total_count: z.number().int(),
});

export const templateTestFields = {
  event_name: eventName(),
  transform_template: z.string().describe("Go text/template source; empty renders the default envelope"),
  transform_strict: z.boolean().default(false).describe("missingkey=error: a missing map key fails the render"),
  payload: jsonObject()
    .optional()
    .describe(
      "Render against this payload instead of the event type's sample payload (then the event type needs no schema)",
    ),
};

export const templateTestResultSchema = z.object({
  transformed_payload: z.string().describe("exactly the body a delivery would send"),
});
