// GET /v1/consumers/{consumer}/events — a consumer's events, newest first, with delivery counts.
import { z } from "zod";
import { listEventsForRepush } from "../../lib/batches/snapshots.ts";
import { pageInfo, pageQuery } from "../../lib/http/pagination.ts";
import { rest } from "../../lib/http/route.ts";
import { invalid } from "../../lib/errors.ts";
import { queryBool } from "../../lib/http/wire.ts";
import { eventName } from "../schemas/event-types.ts";
import { eventReportListSchema, timestampFilter } from "../schemas/events.ts";
import { consumerName } from "../schemas/consumers.ts";

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

export default rest({
  method: "GET",
  path: "/v1/consumers/:consumer/events",
  operationId: "listEvents",
  summary: "List a consumer's events",
  tag: "Events",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName() }),
  query: z.object({
    event: eventName().optional(),
    schema_valid: queryBool().optional(),
    label: labelQuery(),
    created_after: timestampFilter().optional(),
    created_before: timestampFilter().optional(),
    ...pageQuery,
    prepare_repush: queryBool().default(false),
  }),
  response: eventReportListSchema({
    repush_id: z.string().optional().describe("with prepare_repush=true: start it at /repushes/{repush_id}/start"),
  }),
  async handle({ params, query }, { app }) {
    const page = { limit: query.limit, offset: query.offset };
    const filter = {
      eventName: query.event,
      schemaValid: query.schema_valid,
      labels: query.label,
      createdAfter: query.created_after,
      createdBefore: query.created_before,
    };
    const { events, total, batchId } = await listEventsForRepush(
      app.db,
      params.consumer,
      filter,
      page,
      query.prepare_repush,
    );
    return { events, pagination: pageInfo(page, total), ...(batchId ? { repush_id: batchId } : {}) };
  },
});
