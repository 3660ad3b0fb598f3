// Sampling decided before any span object exists, and a sampled span recorded without the SDK's tracer. The SDK's
// tracer makes every span it is asked for — two random ids formatted as hex, the attributes copied, the sampler
// asked, a non-recording span allocated — and only then drops an unsampled one; at one trace in ten that was most of
// what tracing cost a push. svc decides first: a span under an unsampled parent is that parent (or one shared span),
// a root span draws its decision from four random words (or is recorded when it links to a sampled span: a fan-out
// of sampled pushes), and only a sampled span is made, as a RecordedSpan (recorded-span.ts says why not the SDK's).
import {
  context,
  INVALID_SPAN_CONTEXT,
  ROOT_CONTEXT,
  SpanKind,
  trace,
  TraceFlags,
  type Context,
  type Span,
  type SpanContext,
  type SpanOptions,
  type Tracer,
} from "@opentelemetry/api";
import { RecordedSpan, type SpanScope } from "./recorded-span.ts";

/** The span of work no trace records, shared: no ids (log lines under it carry none), nothing to end. */
export const UNRECORDED: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);
/** A context whose work is not recorded; spans started under it are UNRECORDED too. */
export const UNRECORDED_CONTEXT: Context = trace.setSpan(ROOT_CONTEXT, UNRECORDED);

const word = () => (Math.random() * 0x1_0000_0000) >>> 0;
/** Each byte as two hex digits: four lookups cost a fifth of `toString(16).padStart(8, "0")` (0.1 against 0.5 µs a span id). */
const BYTE_HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const hex8 = (n: number) =>
  BYTE_HEX[n >>> 24]! + BYTE_HEX[(n >>> 16) & 255]! + BYTE_HEX[(n >>> 8) & 255]! + BYTE_HEX[n & 255]!;
const hex32 = (a: number, b: number, c: number, d: number) => hex8(a) + hex8(b) + hex8(c) + hex8(d);
/** A span id: 64 random bits, never all zero (an invalid id). */
function spanId(): string {
  const a = word();
  const b = word();
  return a | b ? hex8(a) + hex8(b) : spanId();
}
/** A trace id: 128 random bits, never all zero. */
export function traceId(): string {
  const a = word();
  const b = word();
  const c = word();
  const d = word();
  return a | b | c | d ? hex32(a, b, c, d) : traceId();
}

const ZERO_TRACE_ID = "0".repeat(32);
const ZERO_SPAN_ID = "0".repeat(16);

/** Lowercase hex digits: 0-9 and a-f. */
function isHex(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/**
 * The span context of a traceparent in the form svc writes (`00-<32 hex>-<16 hex>-<2 hex>`, ids not all zero), read
 * without the propagator's regular expression: every stored event's traceparent is read again for each attempt and
 * fan-out. Anything else (another version, upper case, a tracestate to carry) is undefined: the W3C propagator reads it.
 */
export function canonicalParent(traceparent: string): SpanContext | undefined {
  if (
    traceparent.length !== 55 ||
    !traceparent.startsWith("00-") ||
    traceparent[35] !== "-" ||
    traceparent[52] !== "-" ||
    !isHex(traceparent, 3, 35) ||
    !isHex(traceparent, 36, 52) ||
    !isHex(traceparent, 53, 55)
  )
    return undefined;
  const traceId = traceparent.slice(3, 35);
  const spanId = traceparent.slice(36, 52);
  if (traceId === ZERO_TRACE_ID || spanId === ZERO_SPAN_ID) return undefined;
  return { traceId, spanId, traceFlags: Number.parseInt(traceparent.slice(53), 16), isRemote: true };
}

/**
 * Draws a root span's trace id and decides it as the SDK's TraceIdRatioBasedSampler would decide that id (the XOR
 * of its four 32-bit words below ratio × 2³²), so a service downstream that samples by trace id agrees. The id is
 * formatted only when sampled.
 */
export function ratioRoot(ratio: number): () => string | undefined {
  const bound = ratio >= 1 ? 0x1_0000_0000 : ratio <= 0 ? 0 : Math.floor(ratio * 0xffffffff);
  return () => {
    const a = word();
    const b = word();
    const c = word();
    const d = word();
    if ((a ^ b ^ c ^ d) >>> 0 >= bound || (a | b | c | d) === 0) return undefined;
    return hex32(a, b, c, d);
  };
}

/** How spans are sampled: a root's trace id, or undefined when not sampled; whether a child of `parent` is sampled. */
export interface Sampling {
  root(): string | undefined;
  child(parent: SpanContext): boolean;
}

/**
 * The tracer svc records with: it decides each span first (a parent-based sampler follows the parent's flag, remote
 * or local; a root is decided by `sampling.root`) and makes a RecordedSpan only for a sampled one.
 */
export class HeadSampledTracer implements Tracer {
  constructor(
    private readonly scope: SpanScope,
    private readonly sampling: Sampling,
  ) {}

  startSpan(name: string, options?: SpanOptions, ctx: Context = context.active()): Span {
    if (!options?.root) {
      const parent = trace.getSpan(ctx);
      if (parent === UNRECORDED) return UNRECORDED;
      if (parent) {
        const parentContext = parent.spanContext();
        // svc's own recorded spans are valid by construction: the id checks (two regular expressions) are for the rest.
        if (parent instanceof RecordedSpan || trace.isSpanContextValid(parentContext)) {
          if (this.sampling.child(parentContext)) {
            const own: SpanContext = {
              traceId: parentContext.traceId,
              spanId: spanId(),
              traceFlags: TraceFlags.SAMPLED,
              traceState: parentContext.traceState,
            };
            return this.#recorded(name, own, parentContext, options);
          }
          // An unsampled parent (a caller's traceparent with flags 00) stands for its children: nothing is recorded,
          // log lines keep the caller's trace id, and ending it ends nothing.
          return parent.isRecording() ? trace.wrapSpanContext(parentContext) : parent;
        }
      }
    }
    // A root linked to sampled spans (fan-out, linked to the pushes of its batch that were sampled) is recorded, so
    // a sampled push's trace leads to its fan-out; otherwise a root is decided on its own.
    const root = options?.links?.some((l) => l.context.traceFlags & TraceFlags.SAMPLED)
      ? traceId()
      : this.sampling.root();
    if (root === undefined) return UNRECORDED;
    const own = { traceId: root, spanId: spanId(), traceFlags: TraceFlags.SAMPLED };
    return this.#recorded(name, own, undefined, options);
  }

  #recorded(
    name: string,
    own: SpanContext,
    parent: SpanContext | undefined,
    options: SpanOptions | undefined,
  ): RecordedSpan {
    const kind = options?.kind ?? SpanKind.INTERNAL;
    const span = new RecordedSpan(this.scope, name, kind, own, parent, options?.startTime);
    if (options?.links) span.addLinks(options.links);
    if (options?.attributes) span.setAttributes(options.attributes);
    return span;
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(name: string, options: SpanOptions, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    options: SpanOptions,
    ctx: Context,
    fn: F,
  ): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    a?: SpanOptions | F,
    b?: Context | F,
    c?: F,
  ): ReturnType<F> {
    const fn = (c ?? b ?? a) as F;
    const options = typeof a === "function" ? undefined : a;
    const parent = typeof b === "function" || b === undefined ? context.active() : b;
    const span = this.startSpan(name, options, parent);
    return context.with(trace.setSpan(parent, span), () => fn(span)) as ReturnType<F>;
  }
}
