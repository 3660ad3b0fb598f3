// EventService.CancelRepush — stops a pending or processing re-push batch; events already re-pushed stay.
import { z } from "zod";
import { cancelBatch } from "../../lib/batches/batches.ts";
import { rpc } from "../../lib/http/route.ts";
import { repushId } from "../schemas/batches.ts";

export default rpc({
  service: "EventService",
  method: "CancelRepush",
  summary: "Cancel a re-push batch",
  input: z.object({ repush_id: repushId() }),
  response: z.object({ status: z.string() }),
  async handle({ repush_id }, { app }) {
    return { status: (await cancelBatch(app.db, "repush", repush_id)).status };
  },
});
