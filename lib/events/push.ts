// PushEvent: persist the event (soft schema validation, idempotency) and return at once; fan-out runs in the background.
import { SpanKind, type Context, type Span } from "@opentelemetry/api";
import { v7 as uuidv7 } from "uuid";
import type { AppContext } from "../app/context.ts";
import { registerEventType } from "../event-types/event-types.ts";
import { schemaWarnings } from "../event-types/schemas.ts";
import { AppError, invalid, notFound } from "../errors.ts";
import { ensureConsumer } from "../consumers/consumers.ts";
import { isReservedConsumer } from "../system-events/catalog.ts";
import { inSpan } from "../telemetry/spans.ts";

export interface PushInput {
  consumer: string;
  event: string;
  payload: Record<string, unknown>;
  ttlSeconds: number;
  metadata: Record<string, string>;
  labels: Record<string, string>;
  idempotencyKey?: string;
  /** REST creates the consumer on its first write; RPC requires it to exist. */
  createConsumer?: boolean;
}

export interface PushResult {
  event_id: string;
  warnings: string[];
  duplicate: boolean;
}

type Deps = Pick<AppContext, "db" | "config" | "events" | "metrics" | "tracing">;

async function eventTypeFor(app: Deps, name: string) {
  let type = await app.events.types.get(name);
  if (!type && app.config.autoRegisterEvents) {
    // Development setting: the first push of an unknown name registers it (without a schema).
    await registerEventType(app, { name }).catch((err) => {
      if (!(err instanceof AppError && err.code === "already_exists")) throw err;
    });
    app.events.types.invalidate(name);
    type = await app.events.types.get(name);
  }
  if (!type) throw notFound(`event type "${name}" is not registered`);
  if (!type.active)
    throw new AppError("failed_precondition", `event type "${name}" is inactive and cannot receive pushes`);
  return type;
}

// A \u0000 escape that is not itself escaped: PostgreSQL's jsonb cannot store NUL characters.
const NUL = /(^|[^\\])(\\\\)*\\u0000/;
/** Whether JSON text stores a NUL character (the regex runs only when the escape appears at all). */
const jsonHasNul = (json: string) => json.includes("\\u0000") && NUL.test(json);
/** Whether a string map (metadata, labels) has a NUL character in a key or a value. */
const mapHasNul = (map: Record<string, string>) => {
  for (const key in map) if (key.includes("\0") || map[key]!.includes("\0")) return true;
  return false;
};

/**
 * With tracing, the push runs in a producer span whose traceparent is stored with the event: fan-out links to it
 * and every delivery attempt is its child (docs/observability.md says why). `parent` is the request's span.
 */
export async function pushEvent(app: Deps, input: PushInput, parent?: Context): Promise<PushResult> {
  if (!app.tracing.enabled) return push(app, input, undefined);
  const attributes = { "svc.consumer": input.consumer, "svc.event.type": input.event };
  return inSpan(app.tracing, "svc.push", { kind: SpanKind.PRODUCER, attributes }, parent, async (span) => {
    const result = await push(app, input, span);
    span.setAttributes({ "svc.event.id": result.event_id, "svc.event.duplicate": result.duplicate });
    return result;
  });
}

async function push(app: Deps, input: PushInput, span: Span | undefined): Promise<PushResult> {
  const started = performance.now();
  if (isReservedConsumer(input.consumer))
    throw invalid(`namespace "${input.consumer}" receives only svc's own events; nobody can push into it`);
  const payloadJson = JSON.stringify(input.payload);
  // Pushes share one INSERT; a value PostgreSQL rejects must never fail the others in its batch.
  const withNul = jsonHasNul(payloadJson)
    ? "payload"
    : mapHasNul(input.metadata)
      ? "metadata"
      : mapHasNul(input.labels)
        ? "labels"
        : undefined;
  if (withNul) throw invalid(`${withNul} contains a NUL character (\\u0000), which cannot be stored`);
  const type = await eventTypeFor(app, input.event);
  const warnings = schemaWarnings(type.name, type.version, type.schema, input.payload);
  const event = {
    id: uuidv7(),
    consumer: input.consumer,
    eventName: type.name,
    eventVersion: type.version,
    payloadJson,
    metadata: input.metadata,
    labels: input.labels,
    idempotencyKey: input.idempotencyKey || null,
    schemaValid: warnings.length === 0,
    warnings,
    ttlSeconds: input.ttlSeconds,
    traceparent: span ? app.tracing.traceparentOf(span) : null,
  };
  let result = await app.events.inserter.insert(event);
  if (result.consumerMissing && input.createConsumer) {
    await ensureConsumer(app.db, input.consumer);
    result = await app.events.inserter.insert(event);
  }
  if (result.consumerMissing) throw notFound(`namespace "${input.consumer}" does not exist`);
  if (!result.duplicate)
    app.metrics.pushes.add(1, app.metrics.ofConsumer(input.consumer, { event_valid: warnings.length === 0 }));
  app.metrics.pushDuration.record((performance.now() - started) / 1000);
  return { event_id: result.eventId, warnings, duplicate: result.duplicate };
}

/** The idempotency key of a push given as a header and/or in the body: the two must agree when both are sent. */
export function oneIdempotencyKey(header: string | undefined, body: string | undefined): string | undefined {
  if (header !== undefined && body !== undefined && header !== body) {
    throw invalid(
      "the Idempotency-Key header and the body's idempotency_key differ; send one, or the same value in both",
    );
  }
  return header ?? body;
}
