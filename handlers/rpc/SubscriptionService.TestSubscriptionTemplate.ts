// SubscriptionService.TestSubscriptionTemplate — dry run of a transform against the event type's sample payload.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { testTransformTemplate } from "../../lib/subscriptions/transform.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { templateTestFields, templateTestResultSchema } from "../schemas/templates.ts";

export default rpc({
  service: "SubscriptionService",
  method: "TestSubscriptionTemplate",
  summary: "Render a transform template against an event type's sample payload",
  input: z.object({ namespace: namespaceName(), ...templateTestFields }),
  response: templateTestResultSchema,
  async handle({ namespace, event_name, transform_template, transform_strict, payload }, { app }) {
    await requireConsumer(app.db, namespace);
    return {
      transformed_payload: await testTransformTemplate(app.db, {
        consumer: namespace,
        eventName: event_name,
        template: transform_template,
        strict: transform_strict,
        payload,
      }),
    };
  },
});
