// GET /openapi.json and /openapi.yaml — the OpenAPI 3.1 document generated from the route table.
import { stringify } from "yaml";
import { raw } from "../../lib/http/route.ts";
import { json, text } from "../../lib/http/respond.ts";
import { buildOpenApi } from "../../lib/http/openapi.ts";

let document: Record<string, unknown> | undefined;
let yamlText: string | undefined;

// Imported lazily: the route table itself lists these handlers.
async function openApi(version: string) {
  if (!document) document = buildOpenApi((await import("../routes.ts")).routes, version);
  return document;
}

const asJson = raw({
  method: "GET",
  path: "/openapi.json",
  operationId: "openapiJson",
  summary: "OpenAPI document (JSON)",
  tag: "System",
  access: "public",
  async handle(_request, { app }) {
    return json(await openApi(app.version));
  },
});

const asYaml = raw({
  method: "GET",
  path: "/openapi.yaml",
  operationId: "openapiYaml",
  summary: "OpenAPI document (YAML)",
  tag: "System",
  access: "public",
  produces: "application/yaml",
  async handle(_request, { app }) {
    yamlText ??= stringify(await openApi(app.version), { aliasDuplicateObjects: false });
    return text(yamlText, "application/yaml; charset=utf-8");
  },
});

export default [asJson, asYaml];
