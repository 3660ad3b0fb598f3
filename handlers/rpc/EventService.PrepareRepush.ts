// EventService.PrepareRepush — snapshot the events matching a filter as a pending re-push batch.
import { z } from "zod";
import { snapshotEvents } from "../../lib/batches/snapshots.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { rpc } from "../../lib/http/route.ts";
import { batchSchema, batchView } from "../schemas/batches.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { eventReportFilter, toEventFilter } from "../schemas/events.ts";

export default rpc({
  service: "EventService",
  method: "PrepareRepush",
  summary: "Prepare a re-push batch",
  input: z.object({ namespace: namespaceName(), ...eventReportFilter }),
  response: z.object({ repush_id: z.string(), batch: batchSchema }),
  async handle(input, { app }) {
    await requireConsumer(app.db, input.namespace);
    const batch = await snapshotEvents(app.db, input.namespace, toEventFilter(input));
    return { repush_id: batch.id, batch: batchView(batch) };
  },
});
