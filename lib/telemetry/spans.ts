// Small helpers shared by svc's spans: errors recorded with every URL cut to scheme and host (like the logs), and
// the `server.address` of a webhook URL (its host only).
import { context, SpanStatusCode, trace, type Context, type Span, type SpanOptions } from "@opentelemetry/api";
import { redactText } from "../log.ts";
import type { Tracing } from "./tracing.ts";

/** Marks a span failed with the error's name and message, URLs cut to scheme and host; never a stack. */
export function failSpan(span: Span, err: unknown): void {
  const message = redactText(err instanceof Error ? err.message : String(err));
  span.recordException({ name: err instanceof Error ? err.name : "Error", message });
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/** `server.address` and `server.port` of a URL: the host only, never userinfo, path or query. */
export function serverAttributes(url: string): Record<string, string | number> {
  try {
    const u = new URL(url);
    const port = u.port ? Number(u.port) : u.protocol === "https:" ? 443 : 80;
    return { "server.address": u.hostname, "server.port": port, "url.scheme": u.protocol.slice(0, -1) };
  } catch {
    return {};
  }
}

/**
 * Runs `work` in a span that a thrown error marks failed (URLs cut to scheme and host) and that always ends. The
 * span is active while `work` runs synchronously (sync-context.ts); `parent` defaults to the active context. A span
 * the sampler does not record is only handed to `work`: no context, no closure, nothing to end.
 */
export function inSpan<T>(
  tracing: Tracing,
  name: string,
  options: SpanOptions,
  parent: Context | undefined,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const from = parent ?? context.active();
  const span = tracing.tracer.startSpan(name, options, from);
  if (!span.isRecording()) return work(span);
  return runInSpan(span, from, work);
}

/** Runs `work` in a recorded span started under `parent`: active while `work` runs synchronously, failed by a thrown error, always ended. */
export function runInSpan<T>(span: Span, parent: Context, work: (span: Span) => Promise<T>): Promise<T> {
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await work(span);
    } catch (err) {
      failSpan(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}
