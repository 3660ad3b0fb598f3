// DELETE /v1/consumers/{consumer}/listen-sessions/{session_id} — end a session and remove its webhook.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { deleteListenSession } from "../../lib/listen/sessions.ts";
import { sessionId } from "../schemas/listen.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "DELETE",
  path: "/v1/consumers/:consumer/listen-sessions/:session_id",
  operationId: "deleteListenSession",
  summary: "End a listen session",
  tag: "Listen sessions",
  access: "admin",
  params: z.object({ consumer: consumerName(), session_id: sessionId() }),
  status: 204,
  errors: [404],
  async handle({ params }, { app }) {
    await deleteListenSession(app, params.consumer, params.session_id);
  },
});
