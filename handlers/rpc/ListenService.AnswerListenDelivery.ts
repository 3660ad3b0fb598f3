// ListenService.AnswerListenDelivery — the answer to one streamed delivery request; it becomes the attempt's response.
import { rpc } from "../../lib/http/route.ts";
import { answerListenRequest } from "../../lib/listen/sessions.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { listenAnswer, sessionId } from "../schemas/listen.ts";
import { namespaceName } from "../schemas/consumers.ts";

export default rpc({
  service: "ListenService",
  method: "AnswerListenDelivery",
  summary: "Answer a delivery streamed to a listen session",
  input: listenAnswer.extend({ namespace: namespaceName(), session_id: sessionId() }),
  async handle({ namespace, session_id, ...answer }, { app }) {
    await requireConsumer(app.db, namespace);
    await answerListenRequest(app, namespace, session_id, answer);
    return {};
  },
});
