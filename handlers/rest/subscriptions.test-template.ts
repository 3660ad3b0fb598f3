// POST /v1/consumers/{consumer}/subscriptions/test-template — dry run of a transform against the event type's sample payload.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { testTransformTemplate } from "../../lib/subscriptions/transform.ts";
import { consumerName } from "../schemas/namespaces.ts";
import { templateTestFields, templateTestResultSchema } from "../schemas/templates.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/subscriptions/test-template",
  operationId: "testSubscriptionTemplate",
  summary: "Render a transform template against an event type's sample payload",
  description: "Nothing is stored or sent. The data is the envelope of a first attempt, with fixed sample ids and the sample payload (or `payload` when given).",
  tag: "Subscriptions",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName() }),
  body: z.object(templateTestFields),
  response: templateTestResultSchema,
  errors: [404],
  async handle({ params, body }, { app }) {
    const transformed_payload = await testTransformTemplate(app.db, { namespace: params.consumer, eventName: body.event_name, template: body.transform_template, strict: body.transform_strict, payload: body.payload });
    return { transformed_payload };
  },
});
