// GET /openapi.json and /openapi.yaml — the OpenAPI 3.1 document generated from the route table.
import { stringify } from "yaml";
import { raw, type AnyRoute } from "../../lib/http/route.ts";
import { json, text } from "../../lib/http/respond.ts";
import { buildOpenApi } from "../../lib/http/openapi.ts";

/** The two routes of the document of `routes`, read on first use: the route table itself lists these routes. */
export function openApiRoutes(routes: () => AnyRoute[]) {
  let document: Record<string, unknown> | undefined;
  let yamlText: string | undefined;
  const openApi = (version: string, serverUrl: string | undefined) =>
    (document ??= buildOpenApi(routes(), version, serverUrl));

  const asJson = raw({
    method: "GET",
    path: "/openapi.json",
    operationId: "openapiJson",
    summary: "OpenAPI document (JSON)",
    tag: "System",
    access: "public",
    async handle(_request, { app }) {
      return json(openApi(app.version, app.config.publicUrl?.href));
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
      yamlText ??= stringify(openApi(app.version, app.config.publicUrl?.href), { aliasDuplicateObjects: false });
      return text(yamlText, "application/yaml; charset=utf-8");
    },
  });

  return [asJson, asYaml];
}
