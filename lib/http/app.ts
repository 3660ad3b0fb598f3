// The fetch handler for every surface: itty-router over the route table, errors mapped in one place.
import { context } from "@opentelemetry/api";
import { Router, type IRequest } from "itty-router";
import type { z } from "zod";
import type { Principal } from "../access/principal.ts";
import type { AppContext, RequestContext } from "../app/context.ts";
import { authenticate, requireAdmin } from "../access/authenticate.ts";
import { authenticatePortal, type PortalGrant } from "../access/portal.ts";
import { AppError } from "../errors.ts";
import { readJsonBody } from "./body.ts";
import { connectError, problem, toAppError } from "./errors.ts";
import { applyCors, corsPreflight, crossOriginBlocked } from "./cors.ts";
import { rawPathOf } from "./node-request.ts";
import { requestOrigin } from "./request-origin.ts";
import { checkPortalPath, portalPathOf } from "./portal-paths.ts";
import { applySecurityHeaders } from "./security-headers.ts";
import { failureOf, logRequest, noteFailure } from "./request-log.ts";
import { traceContextOf, withRequestSpans } from "./request-span.ts";
import { uiResponse } from "./ui-files.ts";
import { empty, json } from "./respond.ts";
import type { AnyRoute, RawRoute, RestRoute, RpcRoute } from "./route.ts";
import { hasLiteralColon, pathPattern, rpcPath, type HttpMethod } from "./route.ts";
import { parseInput } from "./wire.ts";
import { createRpcProtocols } from "./rpc/fetch.ts";
import { toConnectError } from "./rpc/errors.ts";
import type { InvokeRpc, RpcFailure } from "./rpc/services.ts";

export interface HttpApp {
  fetch(request: Request): Promise<Response>;
  /** The RPC routes with the credential check and validation every protocol shares (native gRPC uses them too). */
  rpc: { routes: RpcRoute[]; invoke: InvokeRpc; fail: RpcFailure };
}

type Surface = "rest" | "rpc";
const surfaceOf = (pathname: string): Surface => (pathname.startsWith("/webhook.") ? "rpc" : "rest");

/** The path of an absolute request URL, without building a URL object on every request. */
function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const end = url.indexOf("?", start);
  return end < 0 ? url.slice(start) : url.slice(start, end);
}

function errorResponse(err: unknown, surface: Surface, app: AppContext, request: Request, pathname: string): Response {
  const appErr = toAppError(err, app.log, { method: request.method, path: pathname });
  noteFailure(request, failureOf(appErr));
  return surface === "rpc" ? connectError(appErr) : problem(appErr, pathname);
}

function decodeParams(params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    try {
      out[k] = decodeURIComponent(v);
    } catch {
      throw new AppError("invalid_argument", `path parameter ${k} is not valid percent-encoding`);
    }
  }
  return out;
}

/** The values of the headers a route declares (absent ones stay absent). */
function declaredHeaders(schema: z.ZodObject, headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = headers.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

async function principalFor(app: AppContext, request: Request, access: "public" | "admin"): Promise<Principal> {
  if (access === "public") return { kind: "anonymous" };
  const principal = await authenticate(app, request);
  requireAdmin(principal);
  return principal;
}

/** A REST route's handler; through the portal gateway it runs with the portal's grant and its consumer. */
/** What a handler gets: the app, who called, the request, and the request span's trace context. */
const requestContext = (app: AppContext, principal: Principal, request: Request): RequestContext => ({
  app,
  principal,
  request,
  log: app.log,
  trace: traceContextOf(request),
});

function restHandler(app: AppContext, route: RestRoute) {
  return async (request: IRequest, grant?: PortalGrant) => {
    const principal = grant ? grant.principal : await principalFor(app, request, route.access);
    const ctx = requestContext(app, principal, request);
    const rawParams = decodeParams(request.params);
    if (grant) rawParams.consumer = grant.consumer;
    const params = route.params ? parseInput(route.params, rawParams) : undefined;
    const query = route.query ? parseInput(route.query, request.query) : undefined;
    const headers = route.headers
      ? parseInput(route.headers, declaredHeaders(route.headers, request.headers))
      : undefined;
    const body = route.body ? parseInput(route.body, await readJsonBody(request, app.config.maxBodyBytes)) : undefined;
    const result = await route.handle({ params, query, body, headers }, ctx);
    if (result instanceof Response) return result;
    const status = route.status ?? 200;
    return status === 204 ? empty(204, ctx.responseHeaders) : json(result ?? {}, status, ctx.responseHeaders);
  };
}

function rawHandler(app: AppContext, route: RawRoute) {
  return async (request: IRequest, grant?: PortalGrant) => {
    const access = route.publicWhen?.(app.config) ? "public" : route.access;
    const principal = grant ? grant.principal : await principalFor(app, request, access);
    return route.handle(request, requestContext(app, principal, request));
  };
}

/** One RPC on an already decoded input, in any protocol: credentials, then validation, then the handler. */
function rpcInvoker(app: AppContext): InvokeRpc {
  return async (route, input, request, responseHeaders) => {
    const principal = await principalFor(app, request, "admin");
    const ctx = requestContext(app, principal, request);
    const output = await route.handle(parseInput(route.input, input), ctx);
    for (const [name, value] of Object.entries(ctx.responseHeaders ?? {})) responseHeaders?.set(name, value);
    return output;
  };
}

function rpcHandler(app: AppContext, route: RpcRoute) {
  return async (request: IRequest) => {
    const contentType = request.headers.get("content-type");
    if (contentType && !/^application\/json\b/i.test(contentType)) {
      throw new AppError(
        "invalid_argument",
        `RPC requests are Connect (application/json or application/proto), gRPC-Web (application/grpc-web+proto or +json) or gRPC; not ${contentType}`,
        { httpStatus: 415 },
      );
    }
    const principal = await principalFor(app, request, "admin");
    const ctx = requestContext(app, principal, request);
    const input = parseInput(route.input, await readJsonBody(request, app.config.maxBodyBytes));
    const output = await route.handle(input, ctx);
    return json(output, 200, ctx.responseHeaders);
  };
}

type Table = [string, RegExp, unknown[], string?][];

function notFound(table: Table, request: IRequest): never {
  const pathname = pathOf(request.url);
  const allowed = table.filter(([, regex]) => regex.test(pathname)).map(([m]) => m);
  if (surfaceOf(pathname) === "rpc") {
    if (allowed.length)
      throw new AppError("unimplemented", "RPC methods are called with POST", {
        httpStatus: 405,
        headers: { allow: "POST" },
      });
    throw new AppError("unimplemented", `unknown RPC method ${pathname.slice(1)}`);
  }
  if (allowed.length) {
    throw new AppError("not_found", `${request.method} is not allowed on ${pathname}`, {
      httpStatus: 405,
      headers: { allow: [...new Set(allowed)].join(", ") },
    });
  }
  throw new AppError("not_found", `no route for ${request.method} ${pathname}`);
}

/** Anything the portal does not offer (pushing events, tokens, other consumers, admin routes) is out of scope: 403. */
function portalRefused(request: IRequest): never {
  throw new AppError(
    "permission_denied",
    `${request.method} ${pathOf(request.url)} is not available through the portal`,
  );
}

/**
 * The group of a REST path: `/v1/<resource>`, or `/v1/consumers/<consumer>/<resource>` by resource. Patterns and
 * requests map alike, and paths of different groups can never match the same route.
 */
function restGroupOf(path: string): string | undefined {
  if (!path.startsWith("/v1/")) return undefined;
  const parts = path.split("/");
  if (!parts[2]) return undefined;
  return parts[2] === "consumers" && parts.length > 4 ? `consumers/${parts[4]}` : parts[2];
}

/** Paths URL parsing would rewrite (dot segments, empty segments, a trailing slash) take the full table. */
const IRREGULAR_PATH = /\/\/|\/\.|\/$|%2e/i;

/** The path the router sees: dot segments (also percent-encoded ones) resolved. */
const resolvedPath = (url: string) => new URL(url).pathname;

type AppRouter = ReturnType<typeof Router<IRequest, []>>;

/** Adds a route; itty-router would read the `:verb` of a literal `resource:verb` segment as a parameter. */
function register<A extends unknown[]>(
  r: ReturnType<typeof Router<IRequest, A>>,
  method: HttpMethod,
  path: string,
  handler: (request: IRequest, ...args: A) => unknown,
): void {
  if (hasLiteralColon(path)) r.routes.push([method, pathPattern(path), [handler], path]);
  else r[method.toLowerCase() as "get"](path, handler);
}
const routerFor = (routers: Map<string, AppRouter>, key: string): AppRouter =>
  routers.get(key) ?? routers.set(key, Router<IRequest, []>()).get(key)!;

/** The service of an RPC path, `/webhook.<Service>/<Method>`. */
const rpcServiceOf = (pathname: string) => pathname.slice("/webhook.".length, pathname.indexOf("/", 1) >>> 0);

export function createHttpApp(app: AppContext, routes: AnyRoute[]): HttpApp {
  const router = Router<IRequest, []>();
  const portal = Router<IRequest, [PortalGrant]>();
  // itty-router tries routes in order; one router per RPC service keeps an RPC call from testing every REST
  // route's pattern (and every other service's) before its own.
  const rpcRouters = new Map<string, AppRouter>();
  const rpcTable: Table = [];
  // Likewise REST routes by group, for regular paths; the full router keeps every route for the rest.
  const restRouters = new Map<string, AppRouter>();

  for (const route of routes) {
    if (route.kind === "rpc") {
      routerFor(rpcRouters, route.service).post(rpcPath(route), rpcHandler(app, route));
      continue;
    }
    const handler = route.kind === "rest" ? restHandler(app, route) : rawHandler(app, route);
    register(router, route.method, route.path, handler);
    const group = restGroupOf(route.path);
    if (group !== undefined) {
      if (/[:*]/.test(group)) throw new Error(`route ${route.path} has a parameter where its group is named`);
      register(routerFor(restRouters, group), route.method, route.path, handler);
    }
    const portalPath = route.portal ? portalPathOf(route.path) : undefined;
    if (portalPath) register(portal, route.method, portalPath, handler);
  }
  const table = router.routes.slice() as Table;

  // The consumer portal's API: a consumer token reaches its own consumer's routes, with the consumer taken from
  // the token, never from the URL. The path is checked as sent, before URL parsing resolves dot segments.
  router.all("/portal/api/*", async (request: IRequest) => {
    const grant = await authenticatePortal(app, request);
    return (await portal.fetch(request, grant)) ?? portalRefused(request);
  });
  // What no route owns: the UI's shells and assets (GET), else the API's 404/405.
  // A path some route owns for another method stays the API's (405).
  router.all("*", (request: IRequest) => {
    const pathname = pathOf(request.url);
    const owned = table.some(([, regex]) => regex.test(pathname));
    return (owned ? undefined : uiResponse(app.config, request.method, pathname)) ?? notFound(table, request);
  });
  for (const service of rpcRouters.values()) {
    rpcTable.push(...(service.routes as Table));
    service.all("*", (request: IRequest) => notFound(rpcTable, request));
  }
  for (const grouped of restRouters.values()) grouped.all("*", (request: IRequest) => notFound(table, request));
  const restRouterFor = (pathname: string) =>
    IRREGULAR_PATH.test(pathname) ? router : (restRouters.get(restGroupOf(pathname) ?? "") ?? router);
  const rpcFallback = Router<IRequest, []>();
  rpcFallback.all("*", (request: IRequest) => notFound(rpcTable, request));
  const rpcRoutes = routes.filter((r): r is RpcRoute => r.kind === "rpc");
  const invoke = rpcInvoker(app);
  const fail: RpcFailure = (err, _route, request) =>
    toConnectError(toAppError(err, app.log, { method: request.method, path: pathOf(request.url) }));
  const protocols = createRpcProtocols(rpcRoutes, invoke, fail, app.config.maxBodyBytes);

  return withRequestSpans(app.tracing, {
    rpc: { routes: rpcRoutes, invoke, fail },
    async fetch(request: Request): Promise<Response> {
      const started = performance.now();
      let response: Response;
      const pathname = pathOf(request.url);
      const surface = surfaceOf(pathname);
      try {
        // Checked on the path as sent: URL parsing resolves /x/../portal/api/ (and /./, /%2e/) before routing
        // sees it, so any request whose resolved path lands in the portal is judged by its raw path.
        const rawPath = rawPathOf(request);
        if (
          rawPath.startsWith("/portal/") ||
          (IRREGULAR_PATH.test(rawPath) && resolvedPath(request.url).startsWith("/portal/"))
        )
          checkPortalPath(rawPath);
        if (crossOriginBlocked(app.config, request)) {
          throw new AppError("permission_denied", "cross-origin requests are not allowed from this origin");
        }
        // Binary, GET and gRPC-Web calls are framed by connect-es; Connect JSON and every refusal stay here.
        const framed =
          surface === "rpc" && request.method !== "OPTIONS" ? protocols.handlerFor(request, pathname) : undefined;
        if (framed) {
          (request as IRequest).route = pathname;
          response = await protocols.serve(framed, request);
        } else {
          const routed =
            surface === "rpc" ? (rpcRouters.get(rpcServiceOf(pathname)) ?? rpcFallback) : restRouterFor(pathname);
          response =
            request.method === "OPTIONS"
              ? corsPreflight(app.config, request)
              : ((await routed.fetch(request)) as Response);
        }
      } catch (err) {
        // Inside the request's span, so the line logged for a server-side fault carries its trace_id.
        const traced = traceContextOf(request);
        response = traced
          ? context.with(traced, () => errorResponse(err, surface, app, request, pathname))
          : errorResponse(err, surface, app, request, pathname);
      }
      applyCors(app.config, request, response);
      applySecurityHeaders(app.config, pathname, response);
      // The route template itty matched (never the raw path: ids would explode the label set).
      const route = (request as IRequest).route ?? "unmatched";
      app.metrics.httpDuration.record((performance.now() - started) / 1000, {
        "http.route": route,
        "http.request.method": request.method,
        "http.response.status_code": response.status,
      });
      logRequest(app.log, request, {
        method: request.method,
        route,
        status: response.status,
        // The client behind the proxies (SVC_TRUSTED_PROXIES), never the proxy's own address.
        clientAddress: () => requestOrigin(app.config, request).clientAddress,
      });
      return response;
    },
  });
}
