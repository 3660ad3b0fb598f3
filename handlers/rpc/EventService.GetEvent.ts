// EventService.GetEvent — an event type with its schema and a sample payload generated from it.
import { z } from "zod";
import { getEventTypeWithSample } from "../../lib/event-types/event-types.ts";
import { rpc } from "../../lib/http/route.ts";
import { eventName, eventTypeWithSampleSchema } from "../schemas/event-types.ts";

export default rpc({
  service: "EventService",
  method: "GetEvent",
  summary: "Get an event type with a sample payload",
  input: z.object({ name: eventName() }),
  response: z.object({ event: eventTypeWithSampleSchema }),
  async handle({ name }, { app }) {
    return { event: await getEventTypeWithSample(app.db, name) };
  },
});
