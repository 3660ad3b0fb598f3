// GET /v1/event-types/{name} — one event type with a sample payload (also offered to the consumer portal).
import { z } from "zod";
import { getEventTypeWithSample } from "../../lib/event-types/event-types.ts";
import { rest } from "../../lib/http/route.ts";
import { eventName, eventTypeWithSampleSchema } from "../schemas/event-types.ts";

export default rest({
  method: "GET",
  path: "/v1/event-types/:name",
  operationId: "getEventType",
  summary: "Get an event type with a sample payload",
  tag: "Event types",
  access: "admin",
  portal: true,
  params: z.object({ name: eventName() }),
  response: eventTypeWithSampleSchema,
  errors: [404],
  async handle({ params }, { app }) {
    return getEventTypeWithSample(app.db, params.name);
  },
});
