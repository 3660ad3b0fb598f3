// EventService.UpdateEvent — changes the given fields of an event type; omitted fields stay unchanged.
import { z } from "zod";
import { updateEventType } from "../../lib/event-types/event-types.ts";
import { rpc } from "../../lib/http/route.ts";
import { eventName, eventTypeFields } from "../schemas/event-types.ts";

export default rpc({
  service: "EventService",
  method: "UpdateEvent",
  summary: "Update an event type",
  input: z.object({ name: eventName(), ...eventTypeFields }),
  async handle({ name, ...changes }, { app }) {
    await updateEventType(app, name, changes);
    return {};
  },
});
