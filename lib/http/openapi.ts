// The OpenAPI 3.1 document, generated from the route table (zod schemas -> JSON Schema 2020-12).
import { z } from "zod";
import type { AnyRoute, RawRoute, RestRoute, RpcRoute } from "./route.ts";
import { PATH_PARAM, rpcPath } from "./route.ts";

type Json = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as Json;
  return rest;
}

const problemSchema: Json = {
  type: "object",
  description: "RFC 9457 problem details, the error body of every REST, portal and system route",
  properties: {
    type: { type: "string" },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string" },
    code: {
      type: "string",
      description: "The error code shared with the RPC surface (not_found, invalid_argument, …), or invalid_invite",
    },
    instance: { type: "string" },
  },
  required: ["type", "title", "status", "detail", "code"],
};
/** A 401: a problem that also carries the specification's own 401 body (`error`, `reason`, `message`). */
const unauthorizedSchema: Json = {
  allOf: [
    { $ref: "#/components/schemas/Problem" },
    {
      type: "object",
      properties: {
        error: { const: "unauthorized" },
        reason: { enum: ["missing", "invalid", "expired", "revoked"] },
        message: { type: "string" },
      },
      required: ["error", "reason", "message"],
    },
  ],
};
const connectErrorSchema: Json = {
  type: "object",
  properties: {
    code: { type: "string" },
    message: { type: "string" },
    reason: { type: "string", description: "unauthenticated: missing, invalid, expired or revoked" },
    errors: {
      type: "array",
      description: "invalid_argument: each invalid field",
      items: {
        type: "object",
        properties: { field: { type: "string" }, message: { type: "string" } },
        required: ["field", "message"],
      },
    },
    limit_bytes: { type: "integer", description: "resource_exhausted: the body size limit" },
    details: {
      type: "array",
      description:
        "The same extras as a Connect error detail of type webhook.ErrorDetails (base64 protobuf in `value`, readable in `debug`)",
      items: {
        type: "object",
        properties: { type: { type: "string" }, value: { type: "string" }, debug: { type: "object" } },
        required: ["type", "value"],
      },
    },
  },
  required: ["code", "message"],
};

const errorResponse = (description: string, ref: string) => ({
  description,
  content: {
    [ref === "ConnectError" ? "application/json" : "application/problem+json"]: {
      schema: { $ref: `#/components/schemas/${ref}` },
    },
  },
});

const statusText: Record<number, string> = {
  400: "Invalid input",
  401: "Missing, invalid, expired or revoked credential",
  403: "Credential not allowed here",
  404: "Not found",
  409: "Conflict with the current state",
  413: "Request body too large",
  503: "Dependency unavailable; retry after Retry-After",
};

function parametersOf(route: RestRoute): Json[] {
  const out: Json[] = [];
  const add = (where: "path" | "query" | "header", schema: z.ZodObject | undefined) => {
    if (!schema) return;
    const json = schemaOf(schema, "input") as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      out.push({
        name,
        in: where,
        required: where === "path" || (json.required ?? []).includes(name),
        schema: prop,
        ...(prop.description ? { description: prop.description } : {}),
      });
    }
  };
  add("path", route.params);
  add("query", route.query);
  add("header", route.headers);
  return out;
}

const openApiPath = (path: string) => path.replace(PATH_PARAM, "{$1}");

function restOperation(route: RestRoute): Json {
  const status = route.status ?? 200;
  const responses: Json = {
    [status]:
      status === 204
        ? { description: "No content" }
        : {
            description: "Success",
            content: {
              [route.produces ?? "application/json"]: {
                schema: route.response ? schemaOf(route.response, "output") : { type: "object" },
              },
            },
          },
  };
  const errors = new Set([
    400,
    ...(route.access === "public" ? [] : [401, 403]),
    ...(route.body ? [413] : []),
    ...(route.errors ?? []),
  ]);
  for (const code of [...errors].sort())
    responses[code] = errorResponse(statusText[code] ?? "Error", code === 401 ? "Unauthorized" : "Problem");
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    parameters: parametersOf(route),
    ...(route.body
      ? {
          requestBody: {
            // An empty body reaches the schema as undefined: a schema with a default makes the body optional.
            required: !route.body.safeParse(undefined).success,
            content: { "application/json": { schema: schemaOf(route.body, "input") } },
          },
        }
      : {}),
    responses,
    ...(route.access === "public" ? { security: [] } : {}),
    ...(route.portal ? { "x-svc-portal": true } : {}),
  };
}

function rawOperation(route: RawRoute): Json {
  const type = route.produces ?? "application/json";
  const pathParams = [...route.path.matchAll(new RegExp(PATH_PARAM.source, "g"))].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    ...(pathParams.length ? { parameters: pathParams } : {}),
    responses: {
      200: {
        description: "Success",
        content: { [type]: { schema: route.response ? schemaOf(route.response, "output") : {} } },
      },
      "4XX": errorResponse(
        route.access === "public" ? "Unknown path or method" : "Missing or invalid credential, unknown path or method",
        "Problem",
      ),
    },
    ...(route.access === "public" ? { security: [] } : {}),
  };
}

function rpcOperation(route: RpcRoute): Json {
  return {
    operationId: `${route.service}.${route.method}`,
    summary: route.summary,
    description:
      `Connect unary JSON, shown here. The same method is served as Connect binary ` +
      `(\`application/proto\`), gRPC-Web and gRPC (HTTP/2 cleartext) from \`proto/webhook.proto\` ` +
      `(message \`webhook.${route.method}Request\`); see docs/rpc.md.`,
    tags: [`RPC ${route.service}`],
    requestBody: { required: true, content: { "application/json": { schema: schemaOf(route.input, "input") } } },
    responses: {
      200: {
        description: "Success",
        content: {
          "application/json": { schema: route.response ? schemaOf(route.response, "output") : { type: "object" } },
        },
      },
      // Connect maps its codes to HTTP statuses: invalid_argument 400, unauthenticated 401, permission_denied 403,
      // not_found 404, already_exists 409, failed_precondition 412, resource_exhausted 429 …
      "4XX": {
        description: "Connect error caused by the request (the code names which)",
        content: { "application/json": { schema: { $ref: "#/components/schemas/ConnectError" } } },
      },
      default: {
        description: "Connect error",
        content: { "application/json": { schema: { $ref: "#/components/schemas/ConnectError" } } },
      },
    },
  };
}

/** The document; `serverUrl` is SVC_PUBLIC_URL when set (clients then reach every path under its prefix). */
export function buildOpenApi(routes: AnyRoute[], version: string, serverUrl = "/"): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    const path = route.kind === "rpc" ? rpcPath(route) : openApiPath(route.path);
    const method = route.kind === "rpc" ? "post" : route.method.toLowerCase();
    const op =
      route.kind === "rest" ? restOperation(route) : route.kind === "raw" ? rawOperation(route) : rpcOperation(route);
    (paths[path] ??= {})[method] = op;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "svc webhook delivery service",
      version,
      // Markdown: a code span keeps the placeholders from being read as HTML tags by documentation renderers.
      description:
        "REST API under `/v1` and the RPC surface (`POST /webhook.<Service>/<Method>`, Connect unary " +
        "JSON; the same methods speak Connect binary, Connect GET, gRPC-Web and gRPC per " +
        "`proto/webhook.proto`).",
      // As package.json says: no license is granted until the owners choose one (docs/decisions.md).
      license: { name: "UNLICENSED", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }, { bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
        bearer: { type: "http", scheme: "bearer" },
      },
      schemas: { Problem: problemSchema, Unauthorized: unauthorizedSchema, ConnectError: connectErrorSchema },
    },
  };
}
