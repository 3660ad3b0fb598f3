// ListenService.CreateListenSession — a temporary webhook whose deliveries come over the session's stream
// (GET stream_path, REST only: the RPC surface is unary). See docs/listen.md.
import { rpc } from "../../lib/http/route.ts";
import { createListenSession } from "../../lib/listen/sessions.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { listenSessionSchema, newListenSession } from "../schemas/listen.ts";
import { namespaceName } from "../schemas/consumers.ts";

export default rpc({
  service: "ListenService",
  method: "CreateListenSession",
  summary: "Open a listen session (its deliveries are read from the REST stream at stream_path)",
  input: newListenSession.extend({ namespace: namespaceName() }),
  response: listenSessionSchema,
  async handle({ namespace, ...input }, { app }) {
    await requireConsumer(app.db, namespace);
    return createListenSession(app, namespace, input);
  },
});
