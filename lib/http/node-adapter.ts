// The bridge from node:http (and node:http2) to the fetch handler, via @whatwg-node/server; and native gRPC,
// which needs HTTP/2 trailers a fetch Response cannot carry, written out by connect-node.
import type { IncomingMessage } from "node:http";
import { constants, type Http2ServerRequest, type Http2ServerResponse } from "node:http2";
import { Code, ConnectError, createContextValues } from "@connectrpc/connect";
import {
  compressionBrotli,
  compressionGzip,
  universalRequestFromNodeRequest,
  universalResponseToNodeResponse,
} from "@connectrpc/connect-node";
import { createServerAdapter } from "@whatwg-node/server";
import type { AppContext } from "../app/context.ts";
import { nodeRequestKey, rpcHandlers } from "./rpc/services.ts";
import type { HttpApp } from "./app.ts";
import { resolveOrigin } from "./forwarded.ts";
import { attachNodeRequest } from "./node-request.ts";
import { logRequest, noteFailure } from "./request-log.ts";
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

/** The client of a native gRPC call: the peer, or the address trusted proxies name (SVC_TRUSTED_PROXIES). */
function grpcClientAddress(app: AppContext, req: Http2ServerRequest, peer: string | undefined): string {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  const direct = { peer, scheme: "http" as const, host: req.headers[":authority"] ?? "" };
  return resolveOrigin(direct, header, app.config.trustedProxies).clientAddress;
}

/** `application/grpc` and `application/grpc+proto|json`, not gRPC-Web (which the fetch handler serves). */
export const isNativeGrpc = (contentType: string | undefined) =>
  !!contentType && /^application\/grpc(?:\+|;|$)/i.test(contentType);

/** gRPC's UNIMPLEMENTED for a path that names no method, in trailers as gRPC clients read it. */
function unknownMethod(req: Http2ServerRequest, res: Http2ServerResponse): void {
  const reason = `unknown RPC method ${req.url?.slice(1) ?? ""}`;
  noteFailure(req, { code: "unimplemented", reason, serverFault: false });
  res.writeHead(200, { "content-type": "application/grpc" });
  res.addTrailers({ "grpc-status": "12", "grpc-message": encodeURIComponent(reason) });
  res.end();
}

/**
 * Native gRPC on the same services, credentials, validation and message decoding as every other protocol
 * (HttpApp.rpc, rpcHandlers): only the framing is connect-es's gRPC handler, written out by connect-node.
 */
export function createGrpcHandler(app: AppContext, http: HttpApp) {
  const { routes, invoke, fail } = http.rpc;
  const handlers = rpcHandlers(
    {
      grpc: true,
      grpcWeb: false,
      connect: false,
      readMaxBytes: app.config.maxBodyBytes,
      acceptCompression: [compressionGzip, compressionBrotli],
    },
    routes,
    invoke,
    fail,
  );
  const handle = (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const handler = handlers.get(req.url.split("?")[0]!);
    if (!handler) return unknownMethod(req, res);
    const contextValues = createContextValues().set(nodeRequestKey, req);
    // Inside the promise: building the request throws on a stream without :authority or Host.
    Promise.resolve()
      .then(() => handler(universalRequestFromNodeRequest(req, res, undefined, contextValues)))
      .then((uRes) => universalResponseToNodeResponse(uRes, res))
      .catch((err) => {
        // A client that went away is no fault of ours; anything else is, and the stream must not hang open.
        if (ConnectError.from(err).code !== Code.Aborted)
          app.log.error("gRPC response failed", { path: req.url, error: err instanceof Error ? err : String(err) });
        res.stream.close(constants.NGHTTP2_INTERNAL_ERROR);
      });
  };
  const routeOf = (path: string) =>
    http.rpc.routes.some((r) => `/webhook.${r.service}/${r.method}` === path) ? path : "unmatched";
  return withGrpcRequestSpan(app.tracing, routeOf, (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const started = performance.now();
    // Read now: once the stream has finished, its session's socket may be gone.
    const peer = req.socket?.remoteAddress;
    res.once("finish", () => {
      const route = routeOf(req.url.split("?")[0]!);
      logRequest(app.log, req, {
        method: req.method,
        route,
        status: res.statusCode,
        clientAddress: () => grpcClientAddress(app, req, peer),
      });
      app.metrics.httpDuration.record((performance.now() - started) / 1000, {
        "http.route": route,
        "http.request.method": req.method,
        "http.response.status_code": res.statusCode,
      });
    });
    handle(req, res);
  });
}
