// JSON Schema for event types: compiled once per (event type, version) and cached; validation is soft.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { ValidateFunction } from "ajv";
import { invalid } from "../errors.ts";

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, loadSchema: undefined });
addFormats(ajv);

const MAX_WARNINGS = 20;
const MAX_CACHED = 2_000;
const cache = new Map<string, ValidateFunction>();

/** Refuses a schema that is not a valid JSON Schema (draft 2020-12) or that ajv cannot compile. */
export function checkSchema(schema: unknown): void {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema))
    throw invalid("schema must be a JSON object (a JSON Schema)");
  if (!ajv.validateSchema(schema as object)) {
    throw invalid(`schema is not a valid JSON Schema: ${ajv.errorsText(ajv.errors, { dataVar: "schema" })}`);
  }
  try {
    ajv.compile(schema as object);
  } catch (err) {
    throw invalid(`schema cannot be compiled: ${(err as Error).message}`);
  }
}

// Compiling costs ~50 ms (measured): never per push, once per event type version.
function validatorFor(key: string, schema: object): ValidateFunction {
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(key, validate);
  }
  return validate;
}

/** Warnings for a payload that does not match the schema; empty when it does (or there is no schema). */
export function schemaWarnings(eventName: string, version: number, schema: object | null, payload: unknown): string[] {
  if (!schema) return [];
  const validate = validatorFor(`${eventName}\u0000${version}`, schema);
  if (validate(payload)) return [];
  return (validate.errors ?? [])
    .slice(0, MAX_WARNINGS)
    .map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`);
}

/** Validation outside the per-version cache (for one-off checks such as a generated sample). */
export function isValidAgainst(schema: object, value: unknown): boolean {
  return ajv.validate(schema, value) as boolean;
}
