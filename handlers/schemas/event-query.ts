// Event filters as REST query parameters (label may repeat); the re-push snapshot takes the same fields as its body.
import { z } from "zod";
import { invalid } from "../../lib/errors.ts";
import type { EventFilter } from "../../lib/events/reports.ts";
import { queryBool } from "../../lib/http/wire.ts";
import { eventName } from "./event-types.ts";
import { timestampFilter } from "./events.ts";

/** `label=region:eu` (repeatable): events whose labels contain every pair. */
const labelQuery = () =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => {
      const pairs = v === undefined ? [] : Array.isArray(v) ? v : [v];
      return Object.fromEntries(
        pairs.map((p) => {
          const at = p.indexOf(":");
          if (at <= 0) throw invalid(`label "${p}" must be key:value`);
          return [p.slice(0, at), p.slice(at + 1)];
        }),
      );
    });

export const eventQuery = {
  event: eventName().optional(),
  schema_valid: queryBool().optional(),
  label: labelQuery(),
  created_after: timestampFilter().optional(),
  created_before: timestampFilter().optional(),
};

export const toEventQueryFilter = (q: {
  event?: string;
  schema_valid?: boolean;
  label: Record<string, string>;
  created_after?: Date;
  created_before?: Date;
}): EventFilter => ({
  eventName: q.event,
  schemaValid: q.schema_valid,
  labels: q.label,
  createdAfter: q.created_after,
  createdBefore: q.created_before,
});
