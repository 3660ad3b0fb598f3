// EventService.ListEvents — registered event types, by name.
import { z } from "zod";
import { listEventTypes } from "../../lib/event-types/event-types.ts";
import { pageInfo, paginationField } from "../../lib/http/pagination.ts";
import { rpc } from "../../lib/http/route.ts";
import { eventTypeListSchema } from "../schemas/event-types.ts";

export default rpc({
  service: "EventService",
  method: "ListEvents",
  summary: "List event types",
  input: z.object({ active_only: z.boolean().default(false), pagination: paginationField() }),
  response: eventTypeListSchema,
  async handle({ active_only, pagination }, { app }) {
    const { eventTypes, total } = await listEventTypes(app.db, { activeOnly: active_only, page: pagination });
    return { events: eventTypes, pagination: pageInfo(pagination, total) };
  },
});
