// Go's fmt for the values templates see: Sprint, Sprintln and Sprintf with every verb, flag, width, precision and
// argument index, including fmt's own complaints (%!d(string=x), %!d(MISSING), %!d(BADINDEX), %!(EXTRA …)).
// The structure follows fmt's printArg/printValue so flags reach nested values the way they do in Go.
import { formatBinaryFloat, formatFloat, formatHexFloat } from "./floats.ts";
import { canBackquote, isPrint, quote, quoteRune } from "./strconv.ts";
import { GoComplex, GoInt, MISSING, sortedKeys, typeName, type GoValue } from "./values.ts";

export interface Flags {
  plus: boolean;
  minus: boolean;
  sharp: boolean;
  space: boolean;
  zero: boolean;
  /** %+v and %#v: set instead of plus and sharp when the verb is v. */
  plusV?: boolean;
  sharpV?: boolean;
  wid?: number;
  prec?: number;
}

const NONE: Flags = { plus: false, minus: false, sharp: false, space: false, zero: false };

function runeCount(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A surrogate pair is one character.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

function padding(n: number, f: Flags): string {
  return n <= 0 ? "" : (f.zero ? "0" : " ").repeat(n);
}

/** fmt's pad: to the width, on the left unless the minus flag is set; zeros when the zero flag is. */
function pad(s: string, f: Flags): string {
  if (!f.wid) return s;
  const fill = padding(f.wid - runeCount(s), f);
  return f.minus ? s + fill : fill + s;
}

const noZero = (f: Flags): Flags => (f.zero ? { ...f, zero: false } : f);

function truncate(s: string, f: Flags): string {
  if (f.prec === undefined) return s;
  let n = 0;
  let out = "";
  for (const ch of s) {
    if (n++ >= f.prec) break;
    out += ch;
  }
  return out;
}

function badVerb(verb: string, v: GoValue, f: Flags): string {
  if (v === null || v === MISSING) return `%!${verb}(<nil>)`;
  return `%!${verb}(${typeName(v)}=${printArg(v, "v", f)})`;
}

// --- integers ------------------------------------------------------------------------------------------------

const u64 = (x: bigint) => BigInt.asUintN(64, x);

/** An integer in a base with fmt's flags; x is exact (a bigint, or a number within ±2^53). */
function fmtInteger(x: bigint | number, base: number, signed: boolean, verb: string, upper: boolean, f: Flags): string {
  if (typeof x === "number" && !signed && x < 0) x = BigInt(x);
  const negative = signed && x < 0;
  const u = typeof x === "number" ? Math.abs(x) : negative ? -x : signed ? x : u64(x);
  let prec = 0;
  if (f.prec !== undefined) {
    prec = f.prec;
    if (prec === 0 && (u === 0 || u === 0n)) return padding(f.wid ?? 0, noZero(f));
  } else if (f.zero && !f.minus && f.wid !== undefined) {
    prec = f.wid;
    if (negative || f.plus || f.space) prec--;
  }
  let digits = u.toString(base);
  if (upper) digits = digits.toUpperCase();
  if (prec > digits.length) digits = "0".repeat(prec - digits.length) + digits;
  if (f.sharp) {
    if (base === 2) digits = "0b" + digits;
    else if (base === 8 && digits[0] !== "0") digits = "0" + digits;
    else if (base === 16) digits = (upper ? "0X" : "0x") + digits;
  }
  if (verb === "O") digits = "0o" + digits;
  const sign = negative ? "-" : f.plus ? "+" : f.space ? " " : "";
  return pad(sign + digits, noZero(f));
}

function fmtUnicode(u: bigint, f: Flags): string {
  const prec = f.prec !== undefined && f.prec > 4 ? f.prec : 4;
  let s = "U+" + u.toString(16).toUpperCase().padStart(prec, "0");
  if (f.sharp && u <= 0x10ffffn && isPrint(Number(u))) s += ` '${String.fromCodePoint(Number(u))}'`;
  return pad(s, noZero(f));
}

const runeOf = (u: bigint) => {
  const r = u > 0x10ffffn ? 0xfffd : Number(u);
  return r >= 0xd800 && r <= 0xdfff ? 0xfffd : r;
};

function fmtInt(v: GoInt, verb: string, f: Flags): string {
  const signed = v.type !== "uint8";
  const x = v.big ?? v.n;
  switch (verb) {
    case "v":
      if (f.sharpV && !signed) return fmtInteger(x, 16, false, verb, false, { ...f, sharp: true });
      return fmtInteger(x, 10, signed, verb, false, f);
    case "d":
      return fmtInteger(x, 10, signed, verb, false, f);
    case "b":
      return fmtInteger(x, 2, signed, verb, false, f);
    case "o":
    case "O":
      return fmtInteger(x, 8, signed, verb, false, f);
    case "x":
      return fmtInteger(x, 16, signed, verb, false, f);
    case "X":
      return fmtInteger(x, 16, signed, verb, true, f);
    case "c":
      return pad(String.fromCodePoint(runeOf(u64(v.exact))), f);
    case "q":
      return pad(quoteRune(runeOf(u64(v.exact)), f.plus), f);
    case "U":
      return fmtUnicode(u64(v.exact), f);
  }
  return badVerb(verb, v, f);
}

// --- floats --------------------------------------------------------------------------------------------------

/** fmt.fmtFloat: strconv's text, then signs, the sharp flag's decimal point and zeros, and padding. */
function fmtFloat(v: number, verb: string, defaultPrec: number, f: Flags): string {
  const prec = f.prec ?? defaultPrec;
  let num: string;
  if (verb === "b") num = formatBinaryFloat(v);
  else if (verb === "x" || verb === "X") num = formatHexFloat(v, verb === "X", prec);
  else num = formatFloat(v, verb as "e" | "E" | "f" | "g" | "G", prec);
  if (num[0] !== "-" && num[0] !== "+") num = "+" + num;
  if (f.space && num[0] === "+" && !f.plus) num = " " + num.slice(1);
  if (num[1] === "I" || num[1] === "N") {
    if (num[1] === "N" && !f.space && !f.plus) num = num.slice(1);
    return pad(num, noZero(f));
  }
  if (f.sharp && verb !== "b") {
    let digits = 0;
    if (verb === "v" || verb === "g" || verb === "G" || verb === "x") digits = prec === -1 ? 6 : prec;
    let tail = "";
    let hasDecimalPoint = false;
    let sawNonzeroDigit = false;
    for (let i = 1; i < num.length; i++) {
      const c = num[i]!;
      if (c === ".") {
        hasDecimalPoint = true;
        continue;
      }
      if (c === "p" || c === "P" || ((c === "e" || c === "E") && verb !== "x" && verb !== "X")) {
        tail = num.slice(i);
        num = num.slice(0, i);
        break;
      }
      if (c !== "0") sawNonzeroDigit = true;
      if (sawNonzeroDigit) digits--;
    }
    if (!hasDecimalPoint) {
      if (num.length === 2 && num[1] === "0") digits--;
      num += ".";
    }
    if (digits > 0) num += "0".repeat(digits);
    num += tail;
  }
  if (f.plus || num[0] !== "+") {
    if (f.zero && !f.minus && f.wid !== undefined && f.wid > num.length) {
      return num[0] + "0".repeat(f.wid - num.length) + num.slice(1);
    }
    return pad(num, f);
  }
  return pad(num.slice(1), f);
}

/** pp.fmtFloat: the verb's default precision, or a bad verb. */
function fmtFloatVerb(v: number, verb: string, f: Flags): string {
  switch (verb) {
    case "v":
      return fmtFloat(v, "g", -1, f);
    case "b":
    case "g":
    case "G":
    case "x":
    case "X":
      return fmtFloat(v, verb, -1, f);
    case "f":
    case "e":
    case "E":
      return fmtFloat(v, verb, 6, f);
    case "F":
      return fmtFloat(v, "f", 6, f);
  }
  return badVerb(verb, v, f);
}

function fmtComplex(c: GoComplex, verb: string, f: Flags): string {
  if (!"vbgGxXfFeE".includes(verb)) return badVerb(verb, c, f);
  return `(${fmtFloatVerb(c.re, verb, f)}${fmtFloatVerb(c.im, verb, { ...f, plus: true })}i)`;
}

// --- strings -------------------------------------------------------------------------------------------------

function fmtSx(s: string, upper: boolean, f: Flags): string {
  const bytes = Buffer.from(s, "utf8");
  let length = bytes.length;
  if (f.prec !== undefined && f.prec < length) length = f.prec;
  let width = 2 * length;
  if (width > 0) {
    if (f.space) {
      if (f.sharp) width *= 2;
      width += length - 1;
    } else if (f.sharp) width += 2;
  } else {
    return f.wid ? padding(f.wid, f) : "";
  }
  const prefix = f.sharp ? (upper ? "0X" : "0x") : "";
  let out = "";
  if (f.wid && f.wid > width && !f.minus) out += padding(f.wid - width, f);
  out += prefix;
  for (let i = 0; i < length; i++) {
    if (f.space && i > 0) out += " " + prefix;
    const h = bytes[i]!.toString(16).padStart(2, "0");
    out += upper ? h.toUpperCase() : h;
  }
  if (f.wid && f.wid > width && f.minus) out += padding(f.wid - width, f);
  return out;
}

function fmtQ(s: string, f: Flags): string {
  const t = truncate(s, f);
  if (f.sharp && canBackquote(t)) return pad("`" + t + "`", f);
  return pad(quote(t, f.plus), f);
}

function fmtString(s: string, verb: string, f: Flags): string {
  switch (verb) {
    case "v":
      return f.sharpV ? fmtQ(s, f) : pad(truncate(s, f), f);
    case "s":
      return pad(truncate(s, f), f);
    case "x":
      return fmtSx(s, false, f);
    case "X":
      return fmtSx(s, true, f);
    case "q":
      return fmtQ(s, f);
  }
  return badVerb(verb, s, f);
}

// --- values --------------------------------------------------------------------------------------------------

/** An interface{} element of a slice or map: nil prints as <nil> (interface {}(nil) under %#v), unpadded. */
function printElem(v: GoValue, verb: string, f: Flags, depth: number): string {
  if (v === null || v === MISSING) return f.sharpV ? "interface {}(nil)" : "<nil>";
  return printValue(v, verb, f, depth);
}

function printValue(v: GoValue, verb: string, f: Flags, depth: number): string {
  if (v === null || v === MISSING) return printElem(v, verb, f, depth);
  switch (typeof v) {
    case "boolean":
      return verb === "v" || verb === "t" ? pad(v ? "true" : "false", f) : badVerb(verb, v, f);
    case "number":
      return fmtFloatVerb(v, verb, f);
    case "string":
      return fmtString(v, verb, f);
  }
  if (v instanceof GoInt) return fmtInt(v, verb, f);
  if (v instanceof GoComplex) return fmtComplex(v, verb, f);
  if (Array.isArray(v)) {
    const elems = v.map((e) => printElem(e, verb, f, depth + 1));
    return f.sharpV ? `[]interface {}{${elems.join(", ")}}` : `[${elems.join(" ")}]`;
  }
  const entries = sortedKeys(v).map(
    (k) => `${printValue(k, verb, f, depth + 1)}:${printElem(v[k]!, verb, f, depth + 1)}`,
  );
  return f.sharpV ? `map[string]interface {}{${entries.join(", ")}}` : `map[${entries.join(" ")}]`;
}

/** fmt's printArg: one operand under one verb. */
function printArg(v: GoValue, verb: string, f: Flags): string {
  if (v === null || v === MISSING) return verb === "T" || verb === "v" ? pad("<nil>", f) : badVerb(verb, v, f);
  if (verb === "T") return pad(truncate(typeName(v), f), f);
  if (verb === "w") return badVerb(verb, v, f);
  return printValue(v, verb, f, 0);
}

/** One value under one verb and flags, as fmt prints an operand. */
export function formatValue(v: GoValue, verb: string, f: Flags = NONE): string {
  if (verb === "v" && isPlain(f)) return plainV(v);
  return printArg(v, verb, f);
}

const isPlain = (f: Flags) =>
  !f.plus &&
  !f.minus &&
  !f.sharp &&
  !f.space &&
  !f.zero &&
  !f.plusV &&
  !f.sharpV &&
  f.wid === undefined &&
  f.prec === undefined;

/** %v without flags, the way templates print most values: the common scalars directly. */
function plainV(v: GoValue): string {
  switch (typeof v) {
    case "string":
      return v;
    case "number":
      return formatFloat(v, "g", -1);
    case "boolean":
      return v ? "true" : "false";
  }
  if (v instanceof GoInt && v.big === undefined) return String(v.n);
  return printArg(v, "v", NONE);
}

/** fmt.Sprint: spaces between operands when neither side is a string. */
export function sprint(args: GoValue[]): string {
  let out = "";
  let prevString = false;
  args.forEach((a, i) => {
    const isString = typeof a === "string";
    if (i > 0 && !isString && !prevString) out += " ";
    out += plainV(a);
    prevString = isString;
  });
  return out;
}

export function sprintln(args: GoValue[]): string {
  return args.map(plainV).join(" ") + "\n";
}

// --- Sprintf -------------------------------------------------------------------------------------------------

const tooLarge = (n: number) => n > 1e6 || n < -1e6;

/** fmt's parsenum: a decimal number at s[start:end], giving up on absurd lengths. */
function parsenum(s: string, start: number, end: number): [num: number, isnum: boolean, next: number] {
  if (start >= end) return [0, false, end];
  let num = 0;
  let isnum = false;
  let i = start;
  for (; i < end && s[i]! >= "0" && s[i]! <= "9"; i++) {
    if (tooLarge(num)) return [0, false, end];
    num = num * 10 + (s.charCodeAt(i) - 48);
    isnum = true;
  }
  return [num, isnum, i];
}

/** The bracketed argument number at s[i] ("[n]"), zero-based; the characters to skip; whether it parsed. */
function parseArgNumber(s: string, i: number): [index: number, wid: number, ok: boolean] {
  if (s.length - i < 3) return [0, 1, false];
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === "]") {
      const [n, ok, next] = parsenum(s, i + 1, j);
      if (!ok || next !== j) return [0, j - i + 1, false];
      return [n - 1, j - i + 1, true];
    }
  }
  return [0, 1, false];
}

/** An argument used as a width or precision (*): it must be an integer of reasonable size. */
function intFromArg(args: GoValue[], argNum: number): [num: number, isInt: boolean, next: number] {
  if (argNum >= args.length) return [0, false, argNum];
  const v = args[argNum]!;
  let num = 0;
  let isInt = false;
  if (v instanceof GoInt && v.big === undefined) {
    num = v.n;
    isInt = true;
  }
  if (tooLarge(num)) return [0, false, argNum + 1];
  return [num, isInt, argNum + 1];
}

/** Applies a printf flag character; false when `c` is not one. */
function setFlag(f: Flags, c: string): boolean {
  switch (c) {
    case "#":
      f.sharp = true;
      return true;
    case "0":
      f.zero = !f.minus;
      return true;
    case "+":
      f.plus = true;
      return true;
    case "-":
      f.minus = true;
      f.zero = false;
      return true;
    case " ":
      f.space = true;
      return true;
  }
  return false;
}

/** %v takes the sharp and plus flags as its own variants (%#v is Go syntax, %+v adds field names). */
function toV(f: Flags): void {
  f.sharpV = f.sharp;
  f.sharp = false;
  f.plusV = f.plus;
  f.plus = false;
}

// Most templates call printf with the same few formats, and most formats use no argument indexes ([n]) or
// argument widths (*). Those parse to a fixed plan once: literal text and verbs with their flags.
type PlanStep = string | { verb: string; flags: Readonly<Flags> };
const plans = new Map<string, PlanStep[] | null>();

function planOf(format: string): PlanStep[] | null {
  let plan = plans.get(format);
  if (plan === undefined) {
    plan = format.includes("[") || format.includes("*") ? null : buildPlan(format);
    if (plans.size >= 1000) plans.clear();
    plans.set(format, plan);
  }
  return plan;
}

/** The parse of doPrintf below for formats without [n] or *, where nothing depends on the arguments. */
function buildPlan(format: string): PlanStep[] {
  const steps: PlanStep[] = [];
  const end = format.length;
  let i = 0;
  while (i < end) {
    const lasti = i;
    while (i < end && format[i] !== "%") i++;
    if (i > lasti) steps.push(format.slice(lasti, i));
    if (i >= end) break;
    i++;
    const f: Flags = { plus: false, minus: false, sharp: false, space: false, zero: false };
    while (i < end && setFlag(f, format[i]!)) i++;
    const [wid, hasWid, afterWid] = parsenum(format, i, end);
    i = afterWid;
    if (hasWid) f.wid = wid;
    if (i + 1 < end && format[i] === ".") {
      const [prec, hasPrec, afterPrec] = parsenum(format, i + 1, end);
      i = afterPrec;
      f.prec = hasPrec ? prec : 0;
    }
    if (i >= end) {
      steps.push("%!(NOVERB)");
      break;
    }
    const verb = String.fromCodePoint(format.codePointAt(i)!);
    i += verb.length;
    if (verb === "%") steps.push("%");
    else {
      if (verb === "v" || verb === "w") toV(f);
      steps.push({ verb, flags: Object.freeze(f) });
    }
  }
  return steps;
}

function extraArgs(args: GoValue[], from: number): string {
  const extra = args
    .slice(from)
    .map((a) => (a === null || a === MISSING ? "<nil>" : `${typeName(a)}=${printArg(a, "v", NONE)}`));
  return `%!(EXTRA ${extra.join(", ")})`;
}

/** fmt.Sprintf. */
export function sprintf(format: string, args: GoValue[]): string {
  const plan = planOf(format);
  if (plan) {
    let out = "";
    let argNum = 0;
    for (const step of plan) {
      if (typeof step === "string") out += step;
      else if (argNum >= args.length) out += `%!${step.verb}(MISSING)`;
      else out += printArg(args[argNum++]!, step.verb, step.flags);
    }
    return argNum < args.length ? out + extraArgs(args, argNum) : out;
  }
  return doPrintf(format, args);
}

/** Go's doPrintf, for every format (argument indexes and * widths included); exported for the plan's test. */
export function doPrintf(format: string, args: GoValue[]): string {
  let out = "";
  const end = format.length;
  let argNum = 0;
  let afterIndex = false;
  let reordered = false;
  let goodArgNum = true;

  // An explicit argument index ("[n]") at format[i]: where parsing goes on, and whether there was one.
  function argNumber(i: number): [next: number, found: boolean] {
    if (i >= end || format[i] !== "[") return [i, false];
    reordered = true;
    const [index, wid, ok] = parseArgNumber(format, i);
    if (ok && index >= 0 && index < args.length) {
      argNum = index;
      return [i + wid, true];
    }
    goodArgNum = false;
    return [i + wid, ok];
  }

  let i = 0;
  while (i < end) {
    goodArgNum = true;
    const lasti = i;
    while (i < end && format[i] !== "%") i++;
    if (i > lasti) out += format.slice(lasti, i);
    if (i >= end) break;
    i++;

    const f: Flags = { plus: false, minus: false, sharp: false, space: false, zero: false };
    while (i < end && setFlag(f, format[i]!)) i++;
    // A lower-case verb right after the flags.
    const c = format[i];
    if (c !== undefined && c >= "a" && c <= "z" && argNum < args.length) {
      if (c === "v" || c === "w") toV(f);
      out += printArg(args[argNum]!, c, f);
      argNum++;
      i++;
      continue;
    }

    [i, afterIndex] = argNumber(i);

    if (i < end && format[i] === "*") {
      i++;
      const [n, isInt, next] = intFromArg(args, argNum);
      argNum = next;
      if (!isInt) out += "%!(BADWIDTH)";
      else if (n < 0) {
        f.wid = -n;
        f.minus = true;
        f.zero = false;
      } else f.wid = n;
      afterIndex = false;
    } else {
      const [n, isnum, next] = parsenum(format, i, end);
      i = next;
      if (isnum) f.wid = n;
      if (afterIndex && isnum) goodArgNum = false;
    }

    if (i + 1 < end && format[i] === ".") {
      i++;
      if (afterIndex) goodArgNum = false;
      [i, afterIndex] = argNumber(i);
      if (i < end && format[i] === "*") {
        i++;
        const [n, isInt, next] = intFromArg(args, argNum);
        argNum = next;
        if (!isInt || n < 0) out += "%!(BADPREC)";
        else f.prec = n;
        afterIndex = false;
      } else {
        const [n, isnum, next] = parsenum(format, i, end);
        i = next;
        f.prec = isnum ? n : 0;
      }
    }

    if (!afterIndex) [i, afterIndex] = argNumber(i);

    if (i >= end) {
      out += "%!(NOVERB)";
      break;
    }

    const verb = String.fromCodePoint(format.codePointAt(i)!);
    i += verb.length;
    if (verb === "%") out += "%";
    else if (!goodArgNum) out += `%!${verb}(BADINDEX)`;
    else if (argNum >= args.length) out += `%!${verb}(MISSING)`;
    else {
      if (verb === "v" || verb === "w") toV(f);
      out += printArg(args[argNum]!, verb, f);
      argNum++;
    }
  }

  if (!reordered && argNum < args.length) out += extraArgs(args, argNum);
  return out;
}
