// POST /v1/consumers/{consumer}/events?event=<name> — push an event; processing is asynchronous (202).
import { z } from "zod";
import { oneIdempotencyKey, pushEvent } from "../../lib/events/push.ts";
import { rest } from "../../lib/http/route.ts";
import { jsonObject, stringMap } from "../schemas/common.ts";
import { eventName } from "../schemas/event-types.ts";
import { idempotencyKey, pushResultSchema, ttlSeconds } from "../schemas/events.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/events",
  operationId: "pushEvent",
  summary: "Push an event",
  tag: "Events",
  access: "admin",
  params: z.object({ consumer: consumerName() }),
  query: z.object({ event: eventName() }),
  body: z.object({
    payload: jsonObject(),
    idempotency_key: idempotencyKey().optional(),
    labels: stringMap().default({}),
    metadata: stringMap().default({}),
    ttl_seconds: ttlSeconds(),
  }),
  // The IETF Idempotency-Key header is an alias of the body's idempotency_key.
  headers: z.object({
    "idempotency-key": idempotencyKey()
      .optional()
      .describe("Alias of the body's idempotency_key; both may be sent only with the same value."),
  }),
  status: 202,
  response: pushResultSchema,
  errors: [404, 409],
  async handle({ params, query, body, headers }, { app, trace }) {
    const idempotencyKey = oneIdempotencyKey(headers["idempotency-key"], body.idempotency_key);
    return pushEvent(
      app,
      {
        consumer: params.consumer,
        event: query.event,
        payload: body.payload,
        ttlSeconds: body.ttl_seconds,
        metadata: body.metadata,
        labels: body.labels,
        idempotencyKey,
        createConsumer: true,
      },
      trace,
    );
  },
});
