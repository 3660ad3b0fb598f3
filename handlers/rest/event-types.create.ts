// POST /v1/event-types — register an event type.
import { z } from "zod";
import { registerEventType } from "../../lib/event-types/event-types.ts";
import { rest } from "../../lib/http/route.ts";
import { eventName, eventTypeFields, eventTypeSchema } from "../schemas/event-types.ts";

export default rest({
  method: "POST",
  path: "/v1/event-types",
  operationId: "createEventType",
  summary: "Register an event type",
  tag: "Event types",
  access: "admin",
  body: z.object({ name: eventName(), ...eventTypeFields }),
  status: 201,
  response: eventTypeSchema,
  errors: [409],
  async handle({ body }, { app }) {
    return registerEventType(app, body);
  },
});
