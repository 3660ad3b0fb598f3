// GET /v1/event-types — the event-type catalog (also offered to the consumer portal).
import { z } from "zod";
import { listEventTypes } from "../../lib/event-types/event-types.ts";
import { pageInfo, pageInfoSchema, pageQuery } from "../../lib/http/pagination.ts";
import { rest } from "../../lib/http/route.ts";
import { queryBool } from "../../lib/http/wire.ts";
import { eventTypeSchema } from "../schemas/event-types.ts";

export default rest({
  method: "GET",
  path: "/v1/event-types",
  operationId: "listEventTypes",
  summary: "List event types",
  tag: "Event types",
  access: "admin",
  portal: true,
  query: z.object({ active_only: queryBool().default(false), ...pageQuery }),
  response: z.object({ event_types: z.array(eventTypeSchema), pagination: pageInfoSchema }),
  async handle({ query }, { app }) {
    const page = { limit: query.limit, offset: query.offset };
    const { eventTypes, total } = await listEventTypes(app.db, { activeOnly: query.active_only, page });
    return { event_types: eventTypes, pagination: pageInfo(page, total) };
  },
});
