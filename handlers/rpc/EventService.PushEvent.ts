// EventService.PushEvent — persists an event and returns at once; deliveries are fanned out in the background.
import { z } from "zod";
import { pushEvent } from "../../lib/events/push.ts";
import { rpc } from "../../lib/http/route.ts";
import { jsonObject, stringMap } from "../schemas/common.ts";
import { eventName } from "../schemas/event-types.ts";
import { idempotencyKey, pushResultSchema, ttlSeconds } from "../schemas/events.ts";
import { namespaceName } from "../schemas/consumers.ts";

export default rpc({
  service: "EventService",
  method: "PushEvent",
  summary: "Push an event",
  input: z.object({
    namespace: namespaceName(),
    event: eventName(),
    payload: jsonObject(),
    ttl_seconds: ttlSeconds(),
    metadata: stringMap().default({}),
    id: idempotencyKey().optional().describe("client idempotency id"),
    labels: stringMap().default({}),
  }),
  response: pushResultSchema,
  async handle(input, { app, trace }) {
    return pushEvent(
      app,
      {
        consumer: input.namespace,
        event: input.event,
        payload: input.payload,
        ttlSeconds: input.ttl_seconds,
        metadata: input.metadata,
        labels: input.labels,
        idempotencyKey: input.id,
      },
      trace,
    );
  },
});
