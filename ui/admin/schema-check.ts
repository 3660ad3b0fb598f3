// Checks a JSON Schema as it is typed: JSON syntax, then whether a validator accepts it, then the sample payload
// against it. @cfworker/json-schema needs no eval, so it runs under the page's CSP. The server stays the judge.
import { Validator, type Schema } from "@cfworker/json-schema";

export interface SchemaCheck {
  /** Why the text is not a usable schema; undefined when it is. */
  schemaError?: string;
  /** The parsed schema as it is sent (null for an empty editor: no schema). */
  schema?: Record<string, unknown> | null;
  /** Errors of the sample against the schema. */
  sampleErrors: string[];
}

export function checkSchema(text: string, sample: unknown): SchemaCheck {
  if (text.trim() === "") return { schema: null, sampleErrors: [] };
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (e) {
    return { schemaError: `Not valid JSON: ${(e as Error).message}`, sampleErrors: [] };
  }
  if (!schema || typeof schema !== "object" || Array.isArray(schema))
    return { schemaError: "A schema is a JSON object.", sampleErrors: [] };
  const object = schema as Record<string, unknown>;
  const problems = shapeProblems(object);
  if (problems.length) return { schemaError: problems.join("; "), sampleErrors: [] };
  try {
    const result = new Validator(object as Schema, "2020-12", false).validate(sample);
    return {
      schema: object,
      sampleErrors: result.valid
        ? []
        : result.errors
            .filter((e) => e.keyword !== "properties")
            .map((e) => `${e.instanceLocation || "#"}: ${e.error}`),
    };
  } catch (e) {
    return { schemaError: (e as Error).message, sampleErrors: [] };
  }
}

const TYPES = new Set(["object", "array", "string", "number", "integer", "boolean", "null"]);

/** The mistakes people make most, named where they are (a full meta-schema check is the server's). */
function shapeProblems(node: Record<string, unknown>, at = "#"): string[] {
  const out: string[] = [];
  const t = node.type;
  for (const name of Array.isArray(t) ? t : t === undefined ? [] : [t]) {
    if (typeof name !== "string" || !TYPES.has(name))
      out.push(`${at}/type: "${String(name)}" is not a JSON Schema type`);
  }
  if (
    node.required !== undefined &&
    (!Array.isArray(node.required) || node.required.some((r) => typeof r !== "string"))
  )
    out.push(`${at}/required: must be an array of property names`);
  if (node.properties !== undefined) {
    if (!node.properties || typeof node.properties !== "object" || Array.isArray(node.properties))
      out.push(`${at}/properties: must be an object`);
    else
      for (const [k, v] of Object.entries(node.properties))
        if (v && typeof v === "object" && !Array.isArray(v))
          out.push(...shapeProblems(v as Record<string, unknown>, `${at}/properties/${k}`));
  }
  if (node.items && typeof node.items === "object" && !Array.isArray(node.items))
    out.push(...shapeProblems(node.items as Record<string, unknown>, `${at}/items`));
  return out;
}
