// A server span around every HTTP request, named by the route template itty matched (`POST /v1/consumers/:consumer/events`),
// never by the raw path: ids in span names would make every request its own operation. A `traceparent` the caller
// sends is continued, so a push joins the trace of the backend that pushed it. Without tracing the app is returned as is.
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import type { Tracing } from "../telemetry/tracing.ts";
import type { HttpApp } from "./app.ts";

export function withRequestSpans(tracing: Tracing, http: HttpApp): HttpApp {
  if (!tracing.enabled) return http;
  return {
    ...http,
    fetch(request: Request): Promise<Response> {
      const parent = tracing.extract(request.headers.get("traceparent"));
      const attributes = { "http.request.method": request.method };
      return tracing.tracer.startActiveSpan(request.method, { kind: SpanKind.SERVER, attributes }, parent, async (span) => {
        try {
          const response = await http.fetch(request);
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
      });
    },
  };
}
