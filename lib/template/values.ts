// The Go value model of template data. Data comes from JSON, so it is what encoding/json gives Go:
// map[string]interface{}, []interface{}, float64, string, bool and nil. Template literals and some builtins add
// Go ints (int, uint8 from string indexing) and complex numbers, which JS numbers cannot tell apart: they get a
// small wrapper. A missing map key is not nil but Go's invalid reflect.Value.

export class GoInt {
  constructor(
    readonly n: number,
    readonly type: "int" | "uint8" | "int32" = "int",
    /** The exact value of an int64 beyond 2^53, which `n` only approximates. */
    readonly big?: bigint,
  ) {}

  /** The exact value. */
  get exact(): bigint {
    return this.big ?? BigInt(this.n);
  }
}

export class GoComplex {
  constructor(
    readonly re: number,
    readonly im: number,
  ) {}
}

/** Go's invalid reflect.Value: a missing map key, an unset template argument. */
export const MISSING: unique symbol = Symbol("missing");

export type GoMap = { [key: string]: GoValue };
export type GoValue = null | boolean | number | string | GoInt | GoComplex | GoValue[] | GoMap | typeof MISSING;

export const isInt = (v: unknown): v is GoInt => v instanceof GoInt;
export const isMap = (v: unknown): v is GoMap =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof GoInt) && !(v instanceof GoComplex);

/** The Go type name, as %T and error messages print it. */
export function typeName(v: GoValue): string {
  if (v === null || v === MISSING) return "<nil>";
  switch (typeof v) {
    case "boolean":
      return "bool";
    case "number":
      return "float64";
    case "string":
      return "string";
  }
  if (v instanceof GoInt) return v.type;
  if (v instanceof GoComplex) return "complex128";
  if (Array.isArray(v)) return "[]interface {}";
  return "map[string]interface {}";
}

/** Go's isTrue: the truth of a value in if/with/and/or/not. */
export function truth(v: GoValue): boolean {
  if (v === null || v === MISSING) return false;
  switch (typeof v) {
    case "boolean":
      return v;
    case "number":
      return v !== 0;
    case "string":
      return v.length > 0;
  }
  if (v instanceof GoInt) return v.n !== 0;
  if (v instanceof GoComplex) return v.re !== 0 || v.im !== 0;
  if (Array.isArray(v)) return v.length > 0;
  return Object.keys(v).length > 0;
}

/** Map keys in Go's order: strings compare bytewise in UTF-8, which is code point order. */
const SURROGATE = /[\ud800-\udfff]/;

/** Keys in Go's order (UTF-8 bytes, i.e. code points); without surrogates that is JavaScript's own sort. */
export function sortedKeys(m: GoMap): string[] {
  const keys = Object.keys(m);
  if (keys.length < 2) return keys;
  for (const k of keys) if (SURROGATE.test(k)) return keys.sort(compareCodePoints);
  return keys.sort();
}

export function compareCodePoints(a: string, b: string): number {
  // Fast path: identical UTF-16 order unless surrogates are involved.
  if (!/[\ud800-\udfff]/.test(a) && !/[\ud800-\udfff]/.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** Converts parsed JSON (or any plain JS value from our helpers) to the Go value model. */
export function fromJSON(v: unknown): GoValue {
  return v === undefined ? null : (v as GoValue);
}
