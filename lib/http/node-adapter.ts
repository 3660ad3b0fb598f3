// The bridge from node:http (and node:http2) to the fetch handler, via @whatwg-node/server; and native gRPC,
// which needs HTTP/2 trailers a fetch Response cannot carry, through connect-es's own Node adapter.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Http2ServerRequest, Http2ServerResponse } from "node:http2";
import { createContextValues } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import { createServerAdapter } from "@whatwg-node/server";
import type { AppContext } from "../app/context.ts";
import { nodeRequestKey, registerRpcServices } from "./rpc/services.ts";
import type { HttpApp } from "./app.ts";
import { attachNodeRequest } from "./node-request.ts";
import { withGrpcRequestSpan } from "./request-span.ts";

interface NodeContext {
  req?: IncomingMessage;
}

export function createNodeHandler(http: HttpApp) {
  return createServerAdapter<NodeContext>((request, context) => {
    attachNodeRequest(request, context.req);
    return http.fetch(request);
  });
}

/** `application/grpc` and `application/grpc+proto|json`, not gRPC-Web (which the fetch handler serves). */
export const isNativeGrpc = (contentType: string | undefined) =>
  !!contentType && /^application\/grpc(?:\+|;|$)/i.test(contentType);

/**
 * Native gRPC on the same services, credentials and validation as every other protocol (HttpApp.rpc): only
 * the framing is connect-node's. An unknown method is gRPC's UNIMPLEMENTED.
 */
export function createGrpcHandler(app: AppContext, http: HttpApp) {
  const handle = connectNodeAdapter({
    grpc: true,
    grpcWeb: false,
    connect: false,
    readMaxBytes: app.config.maxBodyBytes,
    contextValues: (req) => createContextValues().set(nodeRequestKey, req),
    routes: (router) => registerRpcServices(router, http.rpc.routes, http.rpc.invoke, http.rpc.fail),
    fallback: (req, res) => {
      res.writeHead(200, { "content-type": "application/grpc" });
      res.addTrailers({
        "grpc-status": "12",
        "grpc-message": encodeURIComponent(`unknown RPC method ${req.url?.slice(1) ?? ""}`),
      });
      res.end();
    },
  });
  const routeOf = (path: string) =>
    http.rpc.routes.some((r) => `/webhook.${r.service}/${r.method}` === path) ? path : "unmatched";
  return withGrpcRequestSpan(app.tracing, routeOf, (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const started = performance.now();
    res.once("finish", () => {
      const route = routeOf(req.url.split("?")[0]!);
      app.metrics.httpDuration.record((performance.now() - started) / 1000, {
        "http.route": route,
        "http.request.method": req.method,
        "http.response.status_code": res.statusCode,
      });
    });
    handle(req as unknown as IncomingMessage, res as unknown as ServerResponse);
  });
}
