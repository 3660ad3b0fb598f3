// EventService.GetRepushStatus — status and progress of a re-push batch.
import { z } from "zod";
import { getBatch } from "../../lib/batches/batches.ts";
import { rpc } from "../../lib/http/route.ts";
import { batchSchema, batchView, repushId } from "../schemas/batches.ts";

export default rpc({
  service: "EventService",
  method: "GetRepushStatus",
  summary: "Get a re-push batch's progress",
  input: z.object({ repush_id: repushId() }),
  response: z.object({ batch: batchSchema }),
  async handle({ repush_id }, { app }) {
    return { batch: batchView(await getBatch(app.db, "repush", repush_id)) };
  },
});
