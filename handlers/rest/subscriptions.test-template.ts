// POST /v1/consumers/{consumer}/subscriptions/test-template — dry run of a transform against the event type's sample payload or a real event's.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { testTransformTemplate } from "../../lib/subscriptions/transform.ts";
import { eventId } from "../schemas/events.ts";
import { consumerName } from "../schemas/consumers.ts";
import { templateTestFields, templateTestResultSchema } from "../schemas/templates.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/subscriptions/test-template",
  operationId: "testSubscriptionTemplate",
  summary: "Render a transform template against an event type's sample payload",
  description:
    "Nothing is stored or sent. The data is the envelope of a first attempt, with fixed sample ids and " +
    "the sample payload (or `payload` when given, or with `event_id` that event's payload).",
  tag: "Subscriptions",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName() }),
  body: z.object({
    ...templateTestFields,
    event_id: eventId().optional().describe("render against this event of the consumer instead of the sample"),
  }),
  response: templateTestResultSchema,
  errors: [404],
  async handle({ params, body }, { app }) {
    const transformed_payload = await testTransformTemplate(app.db, {
      consumer: params.consumer,
      eventName: body.event_name,
      template: body.transform_template,
      strict: body.transform_strict,
      payload: body.payload,
      eventId: body.event_id,
    });
    return { transformed_payload };
  },
});
