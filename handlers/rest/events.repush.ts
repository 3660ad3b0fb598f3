// POST /v1/consumers/{consumer}/events/{event_id}/repush — push a stored event again under a new id.
import { z } from "zod";
import { rePushEvent } from "../../lib/events/repush.ts";
import { rest } from "../../lib/http/route.ts";
import { eventId, pushResultSchema } from "../schemas/events.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/events/:event_id/repush",
  operationId: "repushEvent",
  summary: "Re-push an event",
  tag: "Events",
  access: "admin",
  params: z.object({ consumer: consumerName(), event_id: eventId() }),
  status: 202,
  response: pushResultSchema,
  errors: [404, 409],
  async handle({ params }, { app }) {
    return rePushEvent(app, params.event_id, params.consumer);
  },
});
