// A server span around every HTTP request, named by the route template itty matched (`POST /v1/consumers/:consumer/events`),
// never by the raw path: ids in span names would make every request its own operation. A `traceparent` the caller
// sends is continued, so a push joins the trace of the backend that pushed it. Without tracing the app is returned as is.
//
// The span's context travels with the request (`traceContextOf`), not through an async context manager
// (lib/telemetry/sync-context.ts): handlers hand it to the spans they start, such as the push's.
import type { Http2ServerRequest, Http2ServerResponse } from "node:http2";
import { context, SpanKind, SpanStatusCode, trace, type Context, type Span } from "@opentelemetry/api";
import { UNRECORDED, UNRECORDED_CONTEXT } from "../telemetry/head-sampling.ts";
import type { Tracing } from "../telemetry/tracing.ts";

const requestContexts = new WeakMap<object, Context>();

/**
 * What a request without an entry stands for once tracing is on: an unsampled root, which stores nothing (a WeakMap
 * entry per request cost ≈ 1 µs in a micro-benchmark, more than the rest of an unsampled request's tracing).
 */
let unstored: Context | undefined;

/** The trace context of a request's server span (undefined without tracing). */
export const traceContextOf = (request: object): Context | undefined => requestContexts.get(request) ?? unstored;

/** Lets another object of the same request (native gRPC's fetch view of it) carry its trace context. */
export function shareTraceContext(from: object, to: object): void {
  const found = requestContexts.get(from);
  if (found) requestContexts.set(to, found);
}

/** `http` is the app (lib/http/app.ts), typed by what is wrapped: this module is below the app it wraps. */
export function withRequestSpans<App extends { fetch(request: Request): Promise<Response> }>(
  tracing: Tracing,
  http: App,
): App {
  if (!tracing.enabled) return http;
  unstored = UNRECORDED_CONTEXT;
  const traced = async (request: Request, parent: Context, span: Span): Promise<Response> => {
    span.setAttribute("http.request.method", request.method);
    const active = trace.setSpan(parent, span);
    requestContexts.set(request, active);
    try {
      const response = await context.with(active, () => http.fetch(request));
      const route = (request as Request & { route?: string }).route ?? "unmatched";
      span.updateName(`${request.method} ${route}`);
      span.setAttributes({ "http.route": route, "http.response.status_code": response.status });
      if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      return response;
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  };
  return {
    ...http,
    fetch(request: Request): Promise<Response> {
      const parent = tracing.extract(request.headers.get("traceparent"));
      const span = tracing.tracer.startSpan(request.method, { kind: SpanKind.SERVER }, parent);
      if (span.isRecording()) return traced(request, parent, span);
      // Not sampled: the request only carries that decision to the spans its handler starts (the push's).
      if (span !== UNRECORDED) requestContexts.set(request, trace.setSpan(parent, span));
      return http.fetch(request);
    },
  };
}

/**
 * The same server span for native gRPC, which connect-node serves beside the fetch handler: named by the method's
 * path (it is the route template: no ids in gRPC paths), ended when the response (and its trailers) is finished.
 * `route` is the path when it names a known method, otherwise "unmatched".
 */
export function withGrpcRequestSpan(
  tracing: Tracing,
  route: (path: string) => string,
  handle: (req: Http2ServerRequest, res: Http2ServerResponse) => void,
) {
  if (!tracing.enabled) return handle;
  unstored = UNRECORDED_CONTEXT;
  return (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const traceparent = req.headers.traceparent;
    const parent = tracing.extract(typeof traceparent === "string" ? traceparent : undefined);
    const name = route(req.url.split("?")[0]!);
    const span = tracing.tracer.startSpan(`${req.method} ${name}`, { kind: SpanKind.SERVER }, parent);
    if (!span.isRecording()) {
      if (span !== UNRECORDED) requestContexts.set(req, trace.setSpan(parent, span));
      handle(req, res);
      return;
    }
    span.setAttributes({ "http.request.method": req.method, "http.route": name, "rpc.system": "grpc" });
    const active = trace.setSpan(parent, span);
    requestContexts.set(req, active);
    context.with(active, () => {
      // gRPC's own status travels in the trailers; HTTP's is 200 unless the stream itself failed.
      const trailers = res.addTrailers.bind(res);
      res.addTrailers = (headers) => {
        const status = Number(headers["grpc-status"] ?? 0);
        span.setAttribute("rpc.grpc.status_code", status);
        // Server-side faults only (gRPC's UNKNOWN, INTERNAL, UNAVAILABLE, DATA_LOSS), as for HTTP's 5xx.
        if ([2, 13, 14, 15].includes(status)) span.setStatus({ code: SpanStatusCode.ERROR });
        trailers(headers);
      };
      const end = () => {
        span.setAttribute("http.response.status_code", res.statusCode);
        span.end();
      };
      res.once("finish", end);
      res.once("close", () => span.isRecording() && end());
      handle(req, res);
    });
  };
}
