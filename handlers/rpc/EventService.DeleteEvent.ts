// EventService.DeleteEvent — removes an event type for good; subscriptions naming it are kept.
import { z } from "zod";
import { deleteEventType } from "../../lib/event-types/event-types.ts";
import { rpc } from "../../lib/http/route.ts";
import { eventName } from "../schemas/event-types.ts";

export default rpc({
  service: "EventService",
  method: "DeleteEvent",
  summary: "Delete an event type",
  input: z.object({ name: eventName() }),
  async handle({ name }, { app }) {
    await deleteEventType(app, name);
    return {};
  },
});
