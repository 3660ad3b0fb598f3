// EventService.RePushEvents — starts a pending re-push batch (each event pushed again with a new id), asynchronously.
import { z } from "zod";
import { startBatch } from "../../lib/batches/batches.ts";
import { rpc } from "../../lib/http/route.ts";
import { repushId } from "../schemas/batches.ts";

export default rpc({
  service: "EventService",
  method: "RePushEvents",
  summary: "Start a re-push batch",
  input: z.object({ repush_id: repushId() }),
  response: z.object({ repush_id: z.string(), total: z.number(), status: z.string() }),
  async handle({ repush_id }, { app }) {
    const batch = await startBatch(app.db, "repush", repush_id);
    return { repush_id: batch.id, total: batch.total, status: batch.status };
  },
});
