// GET /v1/template-functions — every function a transform template may call (also offered to the consumer portal).
import { rest } from "../../lib/http/route.ts";
import { templateFunctionList } from "../../lib/subscriptions/transform.ts";
import { templateFunctionListSchema } from "../schemas/templates.ts";

export default rest({
  method: "GET",
  path: "/v1/template-functions",
  operationId: "listTemplateFunctions",
  summary: "List the functions transform templates can call",
  tag: "Subscriptions",
  access: "admin",
  portal: true,
  response: templateFunctionListSchema,
  async handle() {
    return templateFunctionList();
  },
});
