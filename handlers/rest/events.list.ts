// GET /v1/consumers/{consumer}/events — a consumer's events, newest first, with delivery counts.
import { z } from "zod";
import { snapshotEvents } from "../../lib/batches/snapshots.ts";
import { listEventReports } from "../../lib/events/reports.ts";
import { deprecatedAlias, PREPARE_ALIAS_DEPRECATED_AT } from "../../lib/http/deprecation.ts";
import { pageInfo, pageQuery } from "../../lib/http/pagination.ts";
import { rest } from "../../lib/http/route.ts";
import { queryBool } from "../../lib/http/wire.ts";
import { eventQuery, toEventQueryFilter } from "../schemas/event-query.ts";
import { eventReportListSchema } from "../schemas/events.ts";
import { consumerName } from "../schemas/consumers.ts";

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
    ...eventQuery,
    ...pageQuery,
    prepare_repush: queryBool().default(false).describe("deprecated: POST /repushes"),
  }),
  response: eventReportListSchema({
    repush_id: z.string().optional().describe("with prepare_repush=true: start it at /repushes/{repush_id}/start"),
  }),
  async handle({ params, query }, ctx) {
    const page = { limit: query.limit, offset: query.offset };
    const filter = toEventQueryFilter(query);
    const { events, total } = await listEventReports(
      query.prepare_repush ? ctx.app.db : ctx.app.readDb,
      params.consumer,
      filter,
      page,
    );
    if (!query.prepare_repush) return { events, pagination: pageInfo(page, total) };
    // The deprecated alias of POST …/repushes (relative to this path): a list that creates is kept only for old clients.
    const batch = await snapshotEvents(ctx.app.db, params.consumer, filter);
    ctx.responseHeaders = deprecatedAlias("repushes", PREPARE_ALIAS_DEPRECATED_AT);
    return { events, pagination: pageInfo(page, total), repush_id: batch.id };
  },
});
