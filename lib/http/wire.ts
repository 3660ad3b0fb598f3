// The CONTRACT's wire rules for requests: snake_case or lowerCamelCase keys (schema-driven), int64 as
// number or string, FieldMask as {paths} or a comma-joined string, enums in any case with or without prefix.
import { z } from "zod";
import { isUuid, UUID_PATTERN } from "../ids.ts";
import { AppError } from "../errors.ts";

type AnySchema = z.ZodType;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase());

/** Schema wrappers that do not change which keys an object accepts (public zod API only). */
function unwrap(schema: AnySchema): AnySchema {
  let s = schema;
  for (let i = 0; i < 16; i++) {
    if (s instanceof z.ZodPipe) s = s.in as AnySchema;
    else if (
      s instanceof z.ZodOptional ||
      s instanceof z.ZodNullable ||
      s instanceof z.ZodDefault ||
      s instanceof z.ZodPrefault ||
      s instanceof z.ZodNonOptional ||
      s instanceof z.ZodReadonly ||
      s instanceof z.ZodCatch ||
      s instanceof z.ZodLazy
    )
      s = s.unwrap() as AnySchema;
    else break;
  }
  return s;
}

/** What key normalisation does with a value of a schema, worked out once per schema (requests reuse a few hundred). */
type Plan =
  | { kind: "object"; fields: Map<string, Plan>; renames: Map<string, string>; leavesOnly: boolean }
  | { kind: "array"; element: Plan }
  | { kind: "union"; option: Plan }
  | { kind: "leaf" };

const LEAF: Plan = { kind: "leaf" };
const plans = new WeakMap<AnySchema, Plan>();

function planOf(schema: AnySchema): Plan {
  let plan = plans.get(schema);
  if (plan) return plan;
  const s = unwrap(schema);
  plan = plans.get(s);
  if (plan) {
    plans.set(schema, plan);
    return plan;
  }
  if (s instanceof z.ZodObject) {
    const shape = s.shape as Record<string, AnySchema>;
    const fields = new Map<string, Plan>();
    // Filled before the children are planned: a recursive (lazy) schema finds this plan instead of looping.
    const object: Plan = { kind: "object", fields, renames: new Map(), leavesOnly: true };
    plans.set(schema, object);
    plans.set(s, object);
    for (const key of Object.keys(shape)) {
      const child = planOf(shape[key]!);
      fields.set(key, child);
      if (child.kind !== "leaf") object.leavesOnly = false;
    }
    return object;
  }
  if (s instanceof z.ZodArray) plan = { kind: "array", element: planOf(s.element as AnySchema) };
  else if (s instanceof z.ZodUnion) {
    const option = (s.options as AnySchema[]).find((o) => unwrap(o) instanceof z.ZodObject);
    plan = option ? { kind: "union", option: planOf(option) } : LEAF;
  } else plan = LEAF;
  plans.set(schema, plan);
  return plan;
}

/** The declared key a request's key stands for: itself, or the snake_case form of a lowerCamelCase key. */
function declaredKey(plan: Extract<Plan, { kind: "object" }>, key: string): string {
  if (plan.fields.has(key)) return key;
  let target = plan.renames.get(key);
  if (target === undefined) {
    const snaked = snake(key);
    target = plan.fields.has(snaked) ? snaked : key;
    // Bounded: only keys that differ from their snake_case form are remembered, and at most a few hundred.
    if (plan.renames.size < 256) plan.renames.set(key, target);
  }
  return target;
}

function normalizeWith(plan: Plan, value: unknown): unknown {
  if (plan.kind === "object" && value !== null && typeof value === "object" && !Array.isArray(value)) {
    const input = value as Record<string, unknown>;
    // Most requests already use the declared names and nest nothing to rename: they pass through as they are.
    if (plan.leavesOnly && Object.keys(input).every((key) => plan.fields.has(key))) return input;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(input)) {
      const target = declaredKey(plan, key);
      const child = plan.fields.get(target);
      const normalized = child ? normalizeWith(child, input[key]) : input[key];
      // Assigning `__proto__` would replace the prototype of the object zod parses; defineProperty stores it as
      // data. Only then: defineProperty on every key costs a few µs per request.
      if (target === "__proto__")
        Object.defineProperty(out, target, { value: normalized, enumerable: true, writable: true, configurable: true });
      else out[target] = normalized;
    }
    return out;
  }
  if (plan.kind === "array" && Array.isArray(value)) return value.map((v) => normalizeWith(plan.element, v));
  if (plan.kind === "union" && value !== null && typeof value === "object") return normalizeWith(plan.option, value);
  return value;
}

/**
 * Renames lowerCamelCase keys to the snake_case names the schema declares. Only object schemas are walked:
 * keys inside records (payload, labels, headers, metadata) are the user's data and are never renamed.
 */
export function normalizeKeys(schema: AnySchema, value: unknown): unknown {
  return normalizeWith(planOf(schema), value);
}

/** Parses `value` (after key normalisation) or throws a 400 listing every problem with its field path. */
export function parseInput<S extends AnySchema>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(normalizeKeys(schema, value ?? {}));
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message));
  throw new AppError("invalid_argument", problems.join("; "), {
    details: { errors: result.error.issues.map((i) => ({ field: i.path.join("."), message: i.message })) },
  });
}

/** int64 on the wire: a JSON number or a decimal string (protobuf JSON sends strings). */
export const int64 = () =>
  z
    .union([z.number(), z.string().regex(/^-?\d+$/, "must be an integer")])
    .transform((v) => Number(v))
    .pipe(z.number().int("must be an integer").min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER));

/** int32 on the wire: also accepted as a decimal string, as protobuf JSON parsers do. */
export const int32 = () =>
  z
    .union([z.number(), z.string().regex(/^-?\d+$/, "must be an integer")])
    .transform((v) => Number(v))
    .pipe(z.number().int("must be an integer").min(-2147483648).max(2147483647));

/** FieldMask: `{"paths": ["a", "b"]}` or `"a,b"`; camelCase paths become snake_case. */
export const fieldMask = () =>
  z.union([z.string(), z.object({ paths: z.array(z.string()).default([]) })]).transform((v) =>
    (typeof v === "string" ? v.split(",") : v.paths)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => p.split(".").map(snake).join(".")),
  );

/**
 * A protobuf enum accepted as `HEALTH_HEALTHY`, `healthy`, `Healthy`…; yields the lower-case short name.
 * `UNSPECIFIED` (or an empty string) maps to undefined.
 */
export const protoEnum = <const T extends readonly [string, ...string[]]>(prefix: string, values: T) =>
  z.union([z.string(), z.number()]).transform((raw, ctx) => {
    if (typeof raw === "number") {
      const byIndex = raw === 0 ? undefined : values[raw - 1];
      if (raw !== 0 && !byIndex) ctx.addIssue({ code: "custom", message: `unknown value ${raw}` });
      return byIndex as T[number] | undefined;
    }
    let s = raw.trim().toUpperCase();
    if (s.startsWith(prefix + "_")) s = s.slice(prefix.length + 1);
    if (s === "" || s === "UNSPECIFIED") return undefined;
    const found = values.find((v) => v.toUpperCase() === s);
    if (!found)
      ctx.addIssue({
        code: "custom",
        message: `must be one of ${values.map((v) => `${prefix}_${v.toUpperCase()}`).join(", ")}`,
      });
    return found as T[number] | undefined;
  });

/** Protobuf JSON name of an enum value: ("HEALTH", "healthy") -> "HEALTH_HEALTHY". */
export const enumName = (prefix: string, value: string | undefined) =>
  value ? `${prefix}_${value.toUpperCase()}` : `${prefix}_UNSPECIFIED`;

/** A query-string boolean: "true"/"false"/"1"/"0". */
export const queryBool = () =>
  z
    .union([z.boolean(), z.enum(["true", "false", "1", "0", ""])])
    .transform((v) => v === true || v === "true" || v === "1");

/** Names of consumers and event types (CONTRACT): 1-128 characters of [A-Za-z0-9._:-]. */
export const resourceName = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .regex(/^[A-Za-z0-9._:-]{1,128}$/, `${what} must be 1-128 characters of A-Z a-z 0-9 . _ : -`);

/** A UUID in its canonical text form (any version). */
export const uuid = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .regex(UUID_PATTERN, `${what} must be a UUID`)
    .transform((v) => v.toLowerCase());

export { isUuid };
