// Conversions the helper functions share: Go's view of a value as text or as a number.
import { formatValue } from "../fmt.ts";
import { GoInt, MISSING, type GoValue } from "../values.ts";

const NO_FLAGS = { plus: false, minus: false, sharp: false, space: false, zero: false };

/** A value as Go's fmt %v prints it; nothing (nil or missing) is the empty string. */
export function str(v: GoValue): string {
  if (v === null || v === MISSING) return "";
  return typeof v === "string" ? v : formatValue(v, "v", NO_FLAGS);
}

/** A value as a number: ints, floats, numeric strings and booleans (1/0); anything else is an error. */
export function num(v: GoValue, what = "value"): number {
  if (v instanceof GoInt) return v.n;
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  // Decimal text only: "42", "-3.5", "1e3" (not "0x10", "Infinity" or "", which Number() would also take).
  if (typeof v === "string" && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v.trim())) return Number(v.trim());
  throw new Error(`${what} ${JSON.stringify(str(v))} is not a number`);
}

export const isIntValue = (v: GoValue) => v instanceof GoInt;

/** A Go int from a number, truncating toward zero. */
export function toGoInt(n: number): GoInt {
  if (!Number.isFinite(n)) throw new Error(`${n} is not a finite number`);
  const t = Math.trunc(n);
  if (t >= 2 ** 63 || t < -(2 ** 63)) throw new Error(`${formatValue(n, "v")} is out of the int range`);
  return new GoInt(t === 0 ? 0 : t);
}

/** Converts a Go value back to plain JSON-able JS (ints become numbers; missing becomes null). */
export function toPlain(v: GoValue): unknown {
  if (v === MISSING || v === null) return null;
  if (v instanceof GoInt) return v.n;
  if (Array.isArray(v)) return v.map(toPlain);
  if (typeof v === "object" && !("re" in v)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = toPlain((v as Record<string, GoValue>)[k]!);
    return out;
  }
  if (typeof v === "object") return `(${(v as { re: number }).re}+${(v as { im: number }).im}i)`;
  return v;
}
