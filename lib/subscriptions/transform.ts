// A subscription's transform template: checked on save (syntax errors name their line and column) and rendered
// on demand against an event type's sample payload, exactly as a delivery would render it.
import { envelopeBody, envelopeData } from "../deliveries/envelope.ts";
import { invalid } from "../errors.ts";
import { getEventTypeWithSample } from "../event-types/event-types.ts";
import type { Db } from "../db/pool.ts";
import { getEventRecord } from "../events/reports.ts";
import {
  TemplateExecError,
  TemplateParseError,
  cachedTemplate,
  templateFunctions,
  type CompiledTemplate,
} from "../template/index.ts";

export const MAX_TEMPLATE_BYTES = 64 * 1024;

/** Parses the template (cached, as the delivery worker will use it); a failure is INVALID_ARGUMENT. */
export function checkTransformTemplate(source: string, strict: boolean): CompiledTemplate {
  if (Buffer.byteLength(source, "utf8") > MAX_TEMPLATE_BYTES)
    throw invalid(`transform_template must be at most ${MAX_TEMPLATE_BYTES} bytes`);
  try {
    return cachedTemplate(source, strict);
  } catch (err) {
    if (err instanceof TemplateParseError) {
      const column = editorColumn(source, err.line, err.column);
      throw invalid(`transform_template does not parse at line ${err.line}, column ${column}: ${err.message}`, {
        line: err.line,
        column,
      });
    }
    throw err;
  }
}

/** Go reports a 0-based byte offset within the line; editors count characters from 1. */
function editorColumn(source: string, line: number, byteOffset: number): number {
  const text = source.split("\n")[line - 1] ?? "";
  return Buffer.from(text, "utf8").subarray(0, byteOffset).toString("utf8").length + 1;
}

// Fixed stand-ins for what only a real delivery has, so a dry run renders the same bytes every time.
const SAMPLE_IDS = {
  eventId: "00000000-0000-4000-8000-000000000001",
  webhookId: "00000000-0000-4000-8000-000000000002",
  deliveryId: "00000000-0000-4000-8000-000000000003",
};

export interface TemplateTest {
  consumer: string;
  eventName: string;
  template: string;
  strict: boolean;
  /** Render against this payload instead of the event type's sample (then no schema is needed). */
  payload?: unknown;
  /** Render against this event of the consumer instead (NOT_FOUND for another consumer's event). */
  eventId?: string;
}

/**
 * Renders a template over the envelope a first delivery attempt of the event type's sample payload would carry.
 * An empty template shows the default envelope, which is what a subscription without a transform sends.
 */
export async function testTransformTemplate(db: Db, test: TemplateTest): Promise<string> {
  const t = test.eventId ? { ...test, payload: (await getEventRecord(db, test.eventId, test.consumer)).payload } : test;
  const type = await getEventTypeWithSample(db, t.eventName);
  if (!type.schema && t.payload === undefined)
    throw invalid(
      `event type "${t.eventName}" has no schema, so there is no sample payload to render the template against`,
    );
  const payload = t.payload === undefined ? type.sample_payload : t.payload;
  const fields = {
    ...SAMPLE_IDS,
    eventName: t.eventName,
    consumer: t.consumer,
    timestamp: new Date().toISOString(),
    attempt: 1,
  };
  if (t.template === "") return envelopeBody(fields, JSON.stringify(payload));
  const template = checkTransformTemplate(t.template, t.strict);
  try {
    return template.render(envelopeData(fields, payload));
  } catch (err) {
    if (err instanceof TemplateExecError)
      throw invalid(
        `transform_template failed on the ${t.payload === undefined ? "sample" : "given"} payload: ${err.message}`,
      );
    throw err;
  }
}

/** The function catalog as both surfaces return it. */
export function templateFunctionList(): { functions: { name: string; description: string }[]; total_count: number } {
  const functions = templateFunctions().map(({ name, description }) => ({ name, description }));
  return { functions, total_count: functions.length };
}
