// EventService.ListEventReports — a namespace's events, newest first, with delivery counts.
import { z } from "zod";
import { snapshotEvents } from "../../lib/batches/snapshots.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { listEventReports } from "../../lib/events/reports.ts";
import { deprecatedAlias, PREPARE_ALIAS_DEPRECATED_AT } from "../../lib/http/deprecation.ts";
import { pageInfo, paginationField } from "../../lib/http/pagination.ts";
import { rpc } from "../../lib/http/route.ts";
import { eventReportFilter, eventReportListSchema, toEventFilter } from "../schemas/events.ts";
import { namespaceName } from "../schemas/consumers.ts";

export default rpc({
  service: "EventService",
  method: "ListEventReports",
  summary: "List events with delivery counts",
  input: z.object({
    namespace: namespaceName(),
    ...eventReportFilter,
    pagination: paginationField(),
    prepare_repush: z.boolean().default(false).describe("deprecated: use PrepareRepush"),
  }),
  response: eventReportListSchema({
    repush_id: z.string().optional().describe("with prepare_repush: a snapshot of up to 10,000 matching events"),
  }),
  async handle(input, ctx) {
    const db = ctx.app.db;
    await requireConsumer(db, input.namespace);
    const filter = toEventFilter(input);
    // A list tolerates replication lag; a snapshot for a batch is taken on the primary (lib/db/reads.ts).
    const reads = input.prepare_repush ? db : ctx.app.readDb;
    const { events, total } = await listEventReports(reads, input.namespace, filter, input.pagination);
    const page = { events, pagination: pageInfo(input.pagination, total) };
    if (!input.prepare_repush) return page;
    // The deprecated alias of PrepareRepush: kept because the specification names it.
    const batch = await snapshotEvents(db, input.namespace, filter);
    ctx.responseHeaders = deprecatedAlias("PrepareRepush", PREPARE_ALIAS_DEPRECATED_AT);
    return { ...page, repush_id: batch.id };
  },
});
