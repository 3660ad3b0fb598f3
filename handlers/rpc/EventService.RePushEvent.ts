// EventService.RePushEvent — pushes a stored event again under a new id, validated against the current schema.
import { z } from "zod";
import { rePushEvent } from "../../lib/events/repush.ts";
import { rpc } from "../../lib/http/route.ts";

export default rpc({
  service: "EventService",
  method: "RePushEvent",
  summary: "Re-push an event",
  input: z.object({ event_id: z.string().default("") }),
  response: z.object({ event_id: z.string(), warnings: z.array(z.string()) }),
  async handle({ event_id }, { app }) {
    const { event_id: id, warnings } = await rePushEvent(app, event_id);
    return { event_id: id, warnings };
  },
});
