// GET /v1/consumers/{consumer}/events/{event_id} — one event with its delivery counts.
import { z } from "zod";
import { getEventRecord } from "../../lib/events/reports.ts";
import { rest } from "../../lib/http/route.ts";
import { eventId, eventReportSchema } from "../schemas/events.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "GET",
  path: "/v1/consumers/:consumer/events/:event_id",
  operationId: "getEvent",
  summary: "Get an event",
  tag: "Events",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), event_id: eventId() }),
  response: eventReportSchema,
  errors: [404],
  async handle({ params }, { app }) {
    return getEventRecord(app.db, params.event_id, params.consumer);
  },
});
