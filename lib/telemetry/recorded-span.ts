// A sampled span as svc records it: what the SDK's span keeps, without its per-span machinery. bench/otel with
// every span sampled put the SDK's tracer and span (context lookups, sanitised copies of options and attributes, a
// sampler result, span metrics, two clocks read and turned into [seconds, nanoseconds] pairs) and their garbage at a
// large share of what tracing cost an event. It is both the API's Span, for svc's code, and the SDK's ReadableSpan,
// for the batch processor and every OTLP exporter; its behaviour follows the SDK's (limits, status, one end).
import {
  diag,
  SpanStatusCode,
  type Attributes,
  type AttributeValue,
  type Exception,
  type HrTime,
  type Link,
  type Span,
  type SpanContext,
  type SpanKind,
  type SpanStatus,
  type TimeInput,
} from "@opentelemetry/api";
import { hrTimeDuration, isAttributeValue, type InstrumentationScope } from "@opentelemetry/core";
import type { Resource } from "@opentelemetry/resources";
import type { ReadableSpan, TimedEvent } from "@opentelemetry/sdk-trace-base";

/** The SDK's default limits (OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT, _EVENT_COUNT_, _LINK_COUNT_); values are never cut. */
const MAX_ATTRIBUTES = 128;
const MAX_EVENTS = 128;
export const MAX_LINKS = 128;

/** Where an ended span goes: the export's bound in front of the batch processor. */
export interface SpanSink {
  onEnd(span: ReadableSpan): void;
}

/** What every span of one tracer shares. */
export interface SpanScope {
  readonly sink: SpanSink;
  readonly resource: Resource;
  readonly instrumentationScope: InstrumentationScope;
}

/**
 * Wall-clock milliseconds with sub-microsecond steps: the monotonic clock plus an offset to the system clock. The
 * offset is checked every few seconds and moved only when the clocks drift apart by more than a millisecond
 * (Date.now() has whole milliseconds: following each of its steps would jitter spans against each other).
 */
const clock = {
  offset: performance.timeOrigin,
  checkedAt: 0,
  now(): number {
    const perf = performance.now();
    if (perf - this.checkedAt > 5_000) {
      this.checkedAt = perf;
      const offset = Date.now() - perf;
      if (Math.abs(offset - this.offset) > 1) this.offset = offset;
    }
    return this.offset + perf;
  },
};

/**
 * A time as kept: milliseconds since the epoch (from the clock, epoch or performance milliseconds, a Date), or an
 * HrTime given as one, kept exact to the nanosecond as the SDK keeps it.
 */
type Time = number | HrTime;

function timeOf(time: TimeInput | undefined): Time {
  if (time === undefined) return clock.now();
  if (typeof time === "number") return time <= performance.now() ? clock.offset + time : time;
  if (time instanceof Date) return time.getTime();
  return time;
}

const msOf = (time: Time) => (typeof time === "number" ? time : time[0] * 1_000 + time[1] / 1e6);
const hrOf = (time: Time) => (typeof time === "number" ? hrTime(time) : time);

function hrTime(ms: number): HrTime {
  let seconds = Math.floor(ms / 1_000);
  let nanos = Math.round((ms - seconds * 1_000) * 1e6);
  if (nanos >= 1e9) {
    seconds++;
    nanos -= 1e9;
  }
  return [seconds, nanos];
}

const NONE = Object.freeze([]) as unknown as never[];
const UNSET: SpanStatus = Object.freeze({ code: SpanStatusCode.UNSET });

/** The attributes of an event or link as the SDK keeps them: keys not empty, values valid (arrays of one type). */
function validAttributes(attributes: Attributes | undefined): Attributes {
  const valid: Attributes = {};
  for (const key in attributes) {
    const value = attributes[key];
    if (key.length > 0 && value != null && isAttributeValue(value)) valid[key] = value;
  }
  return valid;
}

export class RecordedSpan implements Span, ReadableSpan {
  readonly attributes: Attributes = {};
  // Most spans have no links and no events: they share one empty list until their first.
  links: Link[] = NONE;
  events: TimedEvent[] = NONE;
  status: SpanStatus = UNSET;
  droppedAttributesCount = 0;
  droppedEventsCount = 0;
  droppedLinksCount = 0;
  ended = false;
  #attributeCount = 0;
  readonly #start: Time;
  #end: Time = 0;

  constructor(
    private readonly scope: SpanScope,
    public name: string,
    public readonly kind: SpanKind,
    private readonly context: SpanContext,
    public readonly parentSpanContext: SpanContext | undefined,
    startTime: TimeInput | undefined,
  ) {
    this.#start = timeOf(startTime);
  }

  get resource(): Resource {
    return this.scope.resource;
  }
  get instrumentationScope(): InstrumentationScope {
    return this.scope.instrumentationScope;
  }
  get startTime(): HrTime {
    return hrOf(this.#start);
  }
  get endTime(): HrTime {
    return this.ended ? hrOf(this.#end) : [0, 0];
  }
  get duration(): HrTime {
    if (!this.ended) return [-1, -1];
    const [start, end] = [this.#start, this.#end];
    return typeof start === "number" && typeof end === "number"
      ? hrTime(end - start)
      : hrTimeDuration(hrOf(start), hrOf(end));
  }

  spanContext(): SpanContext {
    return this.context;
  }

  isRecording(): boolean {
    return !this.ended;
  }

  setAttribute(key: string, value: AttributeValue | undefined): this {
    if (value == null || this.ended || key.length === 0 || !isAttributeValue(value)) return this;
    if (!Object.hasOwn(this.attributes, key)) {
      if (this.#attributeCount >= MAX_ATTRIBUTES) {
        this.droppedAttributesCount++;
        return this;
      }
      this.#attributeCount++;
    }
    this.attributes[key] = value;
    return this;
  }

  setAttributes(attributes: Attributes): this {
    for (const key in attributes) this.setAttribute(key, attributes[key]);
    return this;
  }

  addEvent(name: string, attributesOrTime?: Attributes | TimeInput, time?: TimeInput): this {
    if (this.ended) return this;
    const timed =
      typeof attributesOrTime === "number" || attributesOrTime instanceof Date || Array.isArray(attributesOrTime);
    const at = timed ? (attributesOrTime as TimeInput) : time;
    const attributes = validAttributes(timed ? undefined : (attributesOrTime as Attributes | undefined));
    if (this.events === NONE) this.events = [];
    // Past the limit the oldest event goes, as in the SDK.
    if (this.events.length >= MAX_EVENTS) {
      this.events.shift();
      this.droppedEventsCount++;
    }
    this.events.push({ name, attributes, time: hrOf(timeOf(at)), droppedAttributesCount: 0 });
    return this;
  }

  addLink(link: Link): this {
    if (this.ended) return this;
    if (this.links === NONE) this.links = [];
    if (this.links.length >= MAX_LINKS) {
      this.links.shift();
      this.droppedLinksCount++;
    }
    this.links.push(link.attributes ? { context: link.context, attributes: validAttributes(link.attributes) } : link);
    return this;
  }

  addLinks(links: Link[]): this {
    for (const link of links) this.addLink(link);
    return this;
  }

  /** OK is final; UNSET changes nothing; an error's message is kept when it is a string. */
  setStatus(status: SpanStatus): this {
    if (this.ended || status.code === SpanStatusCode.UNSET || this.status.code === SpanStatusCode.OK) return this;
    this.status =
      status.code === SpanStatusCode.ERROR && typeof status.message === "string"
        ? { code: status.code, message: status.message }
        : { code: status.code };
    return this;
  }

  updateName(name: string): this {
    if (!this.ended) this.name = name;
    return this;
  }

  recordException(exception: Exception, time?: TimeInput): void {
    const attributes: Attributes = {};
    if (typeof exception === "string") attributes["exception.message"] = exception;
    else if (exception) {
      const type = exception.code ? String(exception.code) : exception.name;
      if (type) attributes["exception.type"] = type;
      if (exception.message) attributes["exception.message"] = exception.message;
      if (exception.stack) attributes["exception.stacktrace"] = exception.stack;
    }
    if (attributes["exception.type"] || attributes["exception.message"]) this.addEvent("exception", attributes, time);
  }

  end(endTime?: TimeInput): void {
    if (this.ended) {
      diag.error(`${this.name} ${this.context.traceId}-${this.context.spanId}: end() called twice`);
      return;
    }
    // An end before the start (a given time) ends the span where it started, as the SDK does.
    const end = timeOf(endTime);
    this.#end = msOf(end) < msOf(this.#start) ? this.#start : end;
    this.ended = true;
    this.scope.sink.onEnd(this);
  }
}
