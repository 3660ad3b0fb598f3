// connect-es's protocol handlers (Connect binary, Connect GET, gRPC-Web) behind svc's fetch handler. Plain
// Connect JSON (POST application/json) stays with the JSON surface in lib/http/app.ts, which accepts more
// spellings than protobuf JSON does (snake_case, enum short names, FieldMask objects).
import { createHash } from "node:crypto";
import { createContextValues } from "@connectrpc/connect";
import type { UniversalHandler, UniversalServerRequest } from "@connectrpc/connect/protocol";
import { Response } from "@whatwg-node/fetch";
import { AppError } from "../../errors.ts";
import { readBodyBytes } from "../body.ts";
import { nodeRequestOf } from "../node-request.ts";
import type { RpcRoute } from "../route.ts";
import { toConnectError } from "./errors.ts";
import { fetchRequestKey, rpcHandlers, type InvokeRpc, type RpcFailure } from "./services.ts";

export interface RpcProtocols {
  /** connect-es's handler when the request is one it frames (GET of a read method, binary, gRPC-Web). */
  handlerFor(request: Request, pathname: string): UniversalHandler | undefined;
  serve(handler: UniversalHandler, request: Request): Promise<Response>;
}

/** Handlers never watch for cancellation; a shared signal spares a lazily built AbortSignal per request. */
const NEVER_ABORTED = new AbortController().signal;

const isJson = (contentType: string | null) => !contentType || /^application\/json\b/i.test(contentType);

/** The body through svc's reader: the same byte limit (a 413 there is RESOURCE_EXHAUSTED here) and lingering. */
async function* bodyOf(request: Request, maxBytes: number): AsyncIterable<Uint8Array> {
  try {
    const bytes = await readBodyBytes(request, maxBytes);
    if (bytes.length) yield bytes;
  } catch (err) {
    throw err instanceof AppError ? toConnectError(err) : err;
  }
}

async function collect(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * GET answers are a credential holder's view of live data: only the caller's own cache may keep them
 * (`private`), and only to revalidate (`no-cache`) — an ETag turns an unchanged answer into a bodiless 304.
 */
function cacheable(request: Request, response: Response, body: Buffer): Response {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = { "cache-control": "private, no-cache", etag, vary: "Authorization, X-API-Key" };
  const match = request.headers.get("if-none-match");
  if (match?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag))
    return new Response(null, { status: 304, headers });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export function createRpcProtocols(
  routes: RpcRoute[],
  invoke: InvokeRpc,
  fail: RpcFailure,
  maxBodyBytes: number,
): RpcProtocols {
  // Native gRPC needs HTTP/2 trailers, which a fetch Response cannot carry: lib/http/node-adapter.ts serves it.
  const handlers = rpcHandlers({ grpc: false, readMaxBytes: maxBodyBytes }, routes, invoke, fail);
  return {
    handlerFor(request, pathname) {
      const handler = handlers.get(pathname);
      if (!handler) return undefined;
      if (request.method === "GET") return handler.allowedMethods.includes("GET") ? handler : undefined;
      const contentType = request.headers.get("content-type");
      return request.method === "POST" && !isJson(contentType) && handler.supportedContentType(contentType!)
        ? handler
        : undefined;
    },
    async serve(handler, request) {
      const uReq: UniversalServerRequest = {
        httpVersion: nodeRequestOf(request)?.httpVersion ?? "1.1",
        method: request.method,
        url: request.url,
        header: request.headers,
        body: bodyOf(request, maxBodyBytes),
        signal: NEVER_ABORTED,
        contextValues: createContextValues().set(fetchRequestKey, request),
      };
      const uRes = await handler(uReq);
      const body = uRes.body === undefined ? Buffer.alloc(0) : await collect(uRes.body as AsyncIterable<Uint8Array>);
      const response = new Response(body.length ? (body as Uint8Array<ArrayBuffer>) : null, {
        status: uRes.status,
        headers: uRes.header,
      });
      return request.method === "GET" && uRes.status === 200 ? cacheable(request, response, body) : response;
    },
  };
}
