// WebhookService.GetTemplateFunctions — every function a transform template may call, Go's builtins included.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { templateFunctionList } from "../../lib/subscriptions/transform.ts";
import { templateFunctionListSchema } from "../schemas/templates.ts";

export default rpc({
  service: "WebhookService",
  method: "GetTemplateFunctions",
  summary: "List the functions transform templates can call",
  input: z.object({}),
  response: templateFunctionListSchema,
  async handle() {
    return templateFunctionList();
  },
});
