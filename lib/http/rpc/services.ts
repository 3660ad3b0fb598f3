// The RPC route table as connect-es services: each method of proto/webhook.proto is served by the RPC route
// of the same name, so Connect binary, Connect GET, gRPC-Web and gRPC reach the very handlers Connect JSON
// does. Only the framing differs: a decoded message becomes the JSON object the handler takes (protobuf JSON,
// proto field names) and the handler's JSON answer becomes the response message, both through
// @bufbuild/protobuf's generated descriptors — never a hand-written codec.
import { fromJson, toJson, type DescMethod, type DescService, type JsonValue } from "@bufbuild/protobuf";
import {
  ConnectError,
  createConnectRouter,
  createContextKey,
  type ConnectRouter,
  type ConnectRouterOptions,
  type HandlerContext,
} from "@connectrpc/connect";
import type { UniversalHandler } from "@connectrpc/connect/protocol";
import { Request as FetchRequest } from "@whatwg-node/fetch";
import { noteFailure, rpcFailureOf } from "../request-log.ts";
import { shareTraceContext } from "../request-span.ts";
import type { RpcRoute } from "../route.ts";
import { decodedInputKey, decodingHandler } from "./decode.ts";
import { file_webhook } from "./gen/webhook_pb.ts";

/**
 * Runs one RPC route on a JSON input, as the Connect JSON surface does: credentials, validation, handler; the
 * headers the handler adds to its answer go into `responseHeaders`.
 */
export type InvokeRpc = (
  route: RpcRoute,
  input: unknown,
  request: Request,
  responseHeaders?: Headers,
) => Promise<object>;
/** Turns anything thrown into the ConnectError the client sees. */
export type RpcFailure = (err: unknown, route: RpcRoute, request: Request) => Error;

/** The fetch Request a call came in as, when it came through the fetch handler (absent for native gRPC). */
export const fetchRequestKey = createContextKey<Request | undefined>(undefined, { description: "svc fetch request" });
/** The node request of a native gRPC call: its trace context passes to the fetch view of the call. */
export const nodeRequestKey = createContextKey<object | undefined>(undefined, { description: "svc node request" });

/** Every service of the published contract. */
export const rpcServices: readonly DescService[] = file_webhook.services;

export const methodKey = (service: string, method: string) => `${service}/${method}`;

function requestOf(context: HandlerContext): Request {
  const fetched = context.values.get(fetchRequestKey);
  if (fetched) return fetched;
  const request = new FetchRequest(context.url, {
    method: context.requestMethod,
    headers: context.requestHeader,
  }) as unknown as Request;
  const node = context.values.get(nodeRequestKey);
  if (node) shareTraceContext(node, request);
  return request;
}

function unaryImpl(method: DescMethod, route: RpcRoute, invoke: InvokeRpc, fail: RpcFailure) {
  return async (message: unknown, context: HandlerContext) => {
    // The message decode.ts decoded (connect-es only saw an empty one), or why it could not be decoded.
    const decoded = context.values.get(decodedInputKey);
    const request = requestOf(context);
    let failure: ConnectError | Error;
    if (decoded instanceof ConnectError) failure = decoded;
    else {
      try {
        const input = toJson(method.input, (decoded ?? message) as never, { useProtoFieldName: true });
        const output = await invoke(route, input, request, context.responseHeader);
        // Through JSON text first, exactly as the JSON surface serialises it (undefined dropped, dates as strings).
        return fromJson(method.output, JSON.parse(JSON.stringify(output)) as JsonValue, { ignoreUnknownFields: true });
      } catch (err) {
        failure = fail(err, route, request);
      }
    }
    // For the request's log line (request-log.ts): native gRPC logs it on the node request, the others on the fetch one.
    noteFailure(context.values.get(nodeRequestKey) ?? request, rpcFailureOf(ConnectError.from(failure)));
    throw failure;
  };
}

/**
 * Registers the contract's methods that have a route on a connect-es router (a test app may serve only a few;
 * test/rpc/proto.test.ts proves the full table and the contract match one to one).
 */
function registerRpcServices(router: ConnectRouter, routes: RpcRoute[], invoke: InvokeRpc, fail: RpcFailure): void {
  const byName = new Map(routes.map((r) => [methodKey(r.service, r.method), r]));
  for (const service of rpcServices) {
    for (const method of service.methods) {
      const route = byName.get(methodKey(service.name, method.name));
      if (route) router.rpc(method, unaryImpl(method, route, invoke, fail) as never);
    }
  }
}

/**
 * connect-es's handlers for the routes in the protocols `options` enables, keyed by their path, each with its
 * request message decoded by decode.ts. The fetch handler and native gRPC both build theirs here.
 */
export function rpcHandlers(
  options: ConnectRouterOptions & { readMaxBytes: number },
  routes: RpcRoute[],
  invoke: InvokeRpc,
  fail: RpcFailure,
): Map<string, UniversalHandler> {
  const router = createConnectRouter(options);
  registerRpcServices(router, routes, invoke, fail);
  const decode = { readMaxBytes: options.readMaxBytes, acceptCompression: options.acceptCompression ?? [] };
  return new Map(router.handlers.map((h) => [h.requestPath, decodingHandler(h, decode)]));
}
