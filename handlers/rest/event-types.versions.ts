// GET /v1/event-types/{name}/versions — every schema version of an event type, newest first.
import { z } from "zod";
import { listEventTypeVersions } from "../../lib/event-types/event-types.ts";
import { rest } from "../../lib/http/route.ts";
import { eventName, eventTypeVersionSchema } from "../schemas/event-types.ts";

export default rest({
  method: "GET",
  path: "/v1/event-types/:name/versions",
  operationId: "listEventTypeVersions",
  summary: "List the schema versions of an event type",
  tag: "Event types",
  access: "admin",
  params: z.object({ name: eventName() }),
  response: z.object({ versions: z.array(eventTypeVersionSchema) }),
  errors: [404],
  async handle({ params }, { app }) {
    return { versions: await listEventTypeVersions(app.db, params.name) };
  },
});
