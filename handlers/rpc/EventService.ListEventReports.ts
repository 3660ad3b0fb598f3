// EventService.ListEventReports — a namespace's events, newest first, with delivery counts.
import { z } from "zod";
import { listEventsForRepush } from "../../lib/batches/snapshots.ts";
import { pageInfo, paginationField } from "../../lib/http/pagination.ts";
import { rpc } from "../../lib/http/route.ts";
import { eventReportFilter, eventReportListSchema } from "../schemas/events.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";

export default rpc({
  service: "EventService",
  method: "ListEventReports",
  summary: "List events with delivery counts",
  input: z.object({
    namespace: namespaceName(),
    ...eventReportFilter,
    pagination: paginationField(),
    prepare_repush: z.boolean().default(false),
  }),
  response: eventReportListSchema({
    repush_id: z.string().optional().describe("with prepare_repush: a snapshot of up to 10,000 matching events"),
  }),
  async handle(input, { app }) {
    await requireConsumer(app.db, input.namespace);
    const filter = {
      eventName: input.event_name || undefined,
      schemaValid: input.schema_valid,
      labels: input.labels,
      createdAfter: input.created_after,
      createdBefore: input.created_before,
    };
    const { events, total, batchId } = await listEventsForRepush(
      app.db,
      input.namespace,
      filter,
      input.pagination,
      input.prepare_repush,
    );
    return { events, pagination: pageInfo(input.pagination, total), ...(batchId ? { repush_id: batchId } : {}) };
  },
});
