// PATCH /v1/event-types/{name} — change fields; a changed schema becomes a new version and the old one is kept.
import { z } from "zod";
import { updateEventType } from "../../lib/event-types/event-types.ts";
import { rest } from "../../lib/http/route.ts";
import { eventName, eventTypeFields, eventTypeSchema } from "../schemas/event-types.ts";

export default rest({
  method: "PATCH",
  path: "/v1/event-types/:name",
  operationId: "updateEventType",
  summary: "Update an event type (schema changes add a version)",
  tag: "Event types",
  access: "admin",
  params: z.object({ name: eventName() }),
  body: z.object(eventTypeFields),
  response: eventTypeSchema,
  errors: [404],
  async handle({ params, body }, { app }) {
    return updateEventType(app, params.name, body);
  },
});
