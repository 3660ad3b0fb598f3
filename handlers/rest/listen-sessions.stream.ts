// GET /v1/consumers/{consumer}/listen-sessions/{session_id}/stream — the session's deliveries as server-sent events.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { openListenStream } from "../../lib/listen/stream.ts";
import { sessionId } from "../schemas/listen.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "GET",
  path: "/v1/consumers/:consumer/listen-sessions/:session_id/stream",
  operationId: "streamListenSession",
  summary: "Receive a listen session's deliveries",
  description:
    "A `text/event-stream`: `event: ready` once, then one `event: delivery` per request with JSON data " +
    "`{request_id, delivery_id, method, headers, body}` — the exact request a receiver would get. " +
    "Answer each one (POST …/answers) within the webhook's request timeout, or the attempt times out " +
    "and is retried. Opening the stream renews the session and replaces an older stream of the same " +
    "session (a resume); requests that older stream did not answer are sent again.",
  tag: "Listen sessions",
  access: "admin",
  params: z.object({ consumer: consumerName(), session_id: sessionId() }),
  produces: "text/event-stream",
  response: z
    .string()
    .describe(
      "Server-sent events: `event: ready`, then `event: delivery` with JSON data `{request_id, " +
        "delivery_id, method, headers, body}`; `: keep-alive` comments every 15 s",
    ),
  errors: [404, 503],
  async handle({ params }, { app }) {
    const body = await openListenStream(app, params.consumer, params.session_id);
    // The global Response: the route layer passes it through as is (the ponyfill's would be serialised as JSON).
    // The connection closes with the stream, so a draining server is not kept waiting by an idle keep-alive.
    return new Response(body, {
      status: 200,
      headers: {
        "content-type": "text/event-stream",
        "cache-control": "no-store",
        "x-accel-buffering": "no",
        connection: "close",
      },
    });
  },
});
