// EventService.GetEventRecord — one event by id with its delivery counts (INVALID_ARGUMENT if not a UUID).
import { z } from "zod";
import { getEventRecord } from "../../lib/events/reports.ts";
import { rpc } from "../../lib/http/route.ts";
import { eventReportSchema } from "../schemas/events.ts";

export default rpc({
  service: "EventService",
  method: "GetEventRecord",
  summary: "Get an event",
  input: z.object({ event_id: z.string().default("") }),
  response: z.object({
    event: eventReportSchema,
    labels: z.record(z.string(), z.string()),
    expires_at: z.string().nullable(),
  }),
  async handle({ event_id }, { app }) {
    const event = await getEventRecord(app.db, event_id);
    return { event, labels: event.labels, expires_at: event.expires_at };
  },
});
