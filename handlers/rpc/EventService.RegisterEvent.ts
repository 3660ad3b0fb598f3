// EventService.RegisterEvent — registers an event type with an optional JSON Schema.
import { z } from "zod";
import { registerEventType } from "../../lib/event-types/event-types.ts";
import { rpc } from "../../lib/http/route.ts";
import { eventName, eventTypeFields } from "../schemas/event-types.ts";

export default rpc({
  service: "EventService",
  method: "RegisterEvent",
  summary: "Register an event type",
  input: z.object({ name: eventName(), ...eventTypeFields }),
  response: z.object({ event_id: z.string(), created_at: z.string() }),
  async handle(input, { app }) {
    const type = await registerEventType(app, input);
    return { event_id: type.name, created_at: type.created_at };
  },
});
