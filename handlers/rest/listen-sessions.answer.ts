// POST /v1/consumers/{consumer}/listen-sessions/{session_id}/answers — the answer to one streamed delivery request.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { answerListenRequest } from "../../lib/listen/sessions.ts";
import { listenAnswer, sessionId } from "../schemas/listen.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/listen-sessions/:session_id/answers",
  operationId: "answerListenSession",
  summary: "Answer a streamed delivery",
  description:
    "`status` (and `body`) become the attempt's response, judged like an HTTP answer (expected status " +
    "codes, retries). 404 when the request is not waiting any more.",
  tag: "Listen sessions",
  access: "admin",
  params: z.object({ consumer: consumerName(), session_id: sessionId() }),
  body: listenAnswer,
  status: 204,
  errors: [404],
  async handle({ params, body }, { app }) {
    await answerListenRequest(app, params.consumer, params.session_id, body);
  },
});
