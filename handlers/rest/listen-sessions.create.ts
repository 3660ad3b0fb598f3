// POST /v1/consumers/{consumer}/listen-sessions — a temporary webhook whose deliveries come over a stream.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { createListenSession } from "../../lib/listen/sessions.ts";
import { ensureConsumer } from "../../lib/consumers/consumers.ts";
import { listenSessionSchema, newListenSession } from "../schemas/listen.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/listen-sessions",
  operationId: "createListenSession",
  summary: "Open a listen session",
  description:
    "Registers a temporary webhook whose deliveries are not sent over the network but handed to " +
    "whoever holds the session's stream (GET `stream_path`), signed exactly like real deliveries and " +
    "recorded as attempts. The session lives while a stream is open and for `lease_seconds` after; " +
    "then it and its webhook are removed. `svc listen` uses it when svc cannot reach the developer's " +
    "machine.",
  tag: "Listen sessions",
  access: "admin",
  params: z.object({ consumer: consumerName() }),
  body: newListenSession,
  status: 201,
  response: listenSessionSchema,
  async handle({ params, body }, { app }) {
    await ensureConsumer(app.db, params.consumer);
    return createListenSession(app, params.consumer, body);
  },
});
