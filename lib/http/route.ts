// Route definitions: one declarative row per operation, from which the router, the OpenAPI document
// and the auth matrix test are all derived.
import type { Config } from "../config.ts";
import type { z } from "zod";
import type { RequestContext } from "../app/context.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * public: no credential. admin: master key or a tenant-wide token.
 * A route with `portal: true` is also reachable by a consumer token through /portal/api: consumer routes
 * (paths under /v1/consumers/:consumer) for the token's own consumer, other routes as read-only helpers.
 */
export type Access = "public" | "admin";

type AnyObject = z.ZodObject;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RestInput<P, Q, B, H = undefined> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  headers: Out<H>;
}

export interface RestRoute<
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  H extends AnyObject | undefined = AnyObject | undefined,
> {
  kind: "rest";
  method: HttpMethod;
  /** itty-router pattern, e.g. /v1/consumers/:consumer/webhooks/:webhook_id */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  portal?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** Request headers the operation reads, by lower-case name (documented as header parameters). */
  headers?: H;
  /** Success status (default 200; 204 sends no body). */
  status?: number;
  /** Response body schema, for the OpenAPI document. */
  response?: z.ZodType;
  /** Content type of a success when the handler returns its own Response (default application/json). */
  produces?: string;
  /** Extra documented error statuses besides the ones every route has. */
  errors?: number[];
  handle(input: RestInput<P, Q, B, H>, ctx: RequestContext): Promise<unknown>;
}

export interface RawRoute {
  kind: "raw";
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  access: Access;
  portal?: boolean;
  /** Content type of a success, for the OpenAPI document. */
  produces?: string;
  /** A setting that opens an admin route to anyone (SVC_METRICS_PUBLIC for /metrics). */
  publicWhen?(config: Config): boolean;
  response?: z.ZodType;
  handle(request: Request, ctx: RequestContext): Promise<Response>;
}

export interface RpcRoute<I extends z.ZodType = z.ZodType> {
  kind: "rpc";
  service: string;
  method: string;
  summary: string;
  input: I;
  response?: z.ZodType;
  handle(input: z.output<I>, ctx: RequestContext): Promise<object>;
}

// biome-ignore lint/suspicious/noExplicitAny: a table of routes of every input type; each row is checked where it is built
export type AnyRoute = RestRoute<any, any, any, any> | RawRoute | RpcRoute<any>;

export const rest = <
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  H extends AnyObject | undefined = undefined,
>(
  r: Omit<RestRoute<P, Q, B, H>, "kind">,
): RestRoute<P, Q, B, H> => ({ kind: "rest", ...r });

export const raw = (r: Omit<RawRoute, "kind">): RawRoute => ({ kind: "raw", ...r });

export const rpc = <I extends z.ZodType>(r: Omit<RpcRoute<I>, "kind">): RpcRoute<I> => ({ kind: "rpc", ...r });

/**
 * A path parameter (`/:name`). A colon inside a segment is literal: `secret:rotate` is a custom method in the
 * style of Google's AIP-136, not a parameter.
 */
export const PATH_PARAM = /(?<=\/):(\w+)/g;

/** The router's pattern for a path, with literal colons kept literal. */
export function pathPattern(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) =>
      segment.startsWith(":") ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(`^${source}/*$`);
}

export const hasLiteralColon = (path: string) => /[^/]:/.test(path);

export const rpcPath = (r: RpcRoute<z.ZodType>) => `/webhook.${r.service}/${r.method}`;
