// The UI's API types, generated from our own OpenAPI document by openapi-typescript (which needs TypeScript 5,
// hence this workspace package of its own; the project itself runs TypeScript 7).
import openapiTS, { astToString } from "openapi-typescript";
import { routes } from "../../../handlers/routes.ts";
import { buildOpenApi } from "../../../lib/http/openapi.ts";

export const API_TYPES_FILE = "ui/lib/api-types.ts";

const HEADER =
  "// Generated from the served OpenAPI document by `npm run ui:types` — do not edit; a test fails when it drifts.\n";

/** The document /openapi.json serves (its info.version does not reach the types). */
export const servedDocument = () => buildOpenApi(routes, "0.0.0");

export async function generateApiTypes(document: object = servedDocument()): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return HEADER + astToString(ast);
}
