// ListenService.EndListenSession — ends a listen session and unregisters its webhook.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { deleteListenSession } from "../../lib/listen/sessions.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { sessionId } from "../schemas/listen.ts";
import { namespaceName } from "../schemas/consumers.ts";

export default rpc({
  service: "ListenService",
  method: "EndListenSession",
  summary: "End a listen session and remove its webhook",
  input: z.object({ namespace: namespaceName(), session_id: sessionId() }),
  async handle({ namespace, session_id }, { app }) {
    await requireConsumer(app.db, namespace);
    await deleteListenSession(app, namespace, session_id);
    return {};
  },
});
