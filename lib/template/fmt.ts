// Go's fmt for the values templates see: Sprint, Sprintln and Sprintf with the verbs, flags, width and precision
// templates use, including fmt's own complaints (%!d(float64=3), %!d(MISSING), %!(EXTRA …)).
import { formatFloat, formatHexFloat } from "./floats.ts";
import { goQuote } from "./lex.ts";
import { GoComplex, GoInt, MISSING, sortedKeys, typeName, type GoValue } from "./values.ts";

interface Flags {
  plus: boolean;
  minus: boolean;
  sharp: boolean;
  space: boolean;
  zero: boolean;
  wid?: number;
  prec?: number;
}

const NONE: Flags = { plus: false, minus: false, sharp: false, space: false, zero: false };

function pad(s: string, f: Flags): string {
  if (f.wid === undefined) return s;
  const width = [...s].length;
  if (width >= f.wid) return s;
  const fill = f.wid - width;
  if (f.minus) return s + " ".repeat(fill);
  if (f.zero) return "0".repeat(fill) + s;
  return " ".repeat(fill) + s;
}

/** Pads a number, putting zero padding after the sign. */
function padNumber(s: string, f: Flags): string {
  if (f.zero && !f.minus && f.wid !== undefined && f.wid > s.length && (s[0] === "-" || s[0] === "+" || s[0] === " ")) {
    return s[0] + "0".repeat(f.wid - s.length) + s.slice(1);
  }
  return pad(s, f.minus ? { ...f, zero: false } : f);
}

function badVerb(verb: string, v: GoValue): string {
  if (v === null || v === MISSING) return `%!${verb}(<nil>)`;
  return `%!${verb}(${typeName(v)}=${formatValue(v, "v", NONE)})`;
}

function fmtInteger(n: number, verb: string, f: Flags): string {
  const neg = n < 0;
  const abs = Math.abs(n);
  let digits: string;
  switch (verb) {
    case "d":
    case "v":
      digits = abs.toString(10);
      break;
    case "b":
      digits = abs.toString(2);
      break;
    case "o":
    case "O":
      digits = abs.toString(8);
      break;
    case "x":
      digits = abs.toString(16);
      break;
    case "X":
      digits = abs.toString(16).toUpperCase();
      break;
    default:
      return "";
  }
  if (f.prec !== undefined) {
    if (f.prec === 0 && abs === 0) digits = "";
    digits = digits.padStart(f.prec, "0");
  } else if (f.zero && !f.minus && f.wid !== undefined) {
    // Go counts the sign but not a 0x prefix when zero-padding to the width.
    digits = digits.padStart(f.wid - (neg || f.plus || f.space ? 1 : 0), "0");
  }
  if (f.sharp) {
    if (verb === "x") digits = "0x" + digits;
    else if (verb === "X") digits = "0X" + digits;
    else if (verb === "o" && digits[0] !== "0") digits = "0" + digits;
    else if (verb === "b") digits = "0b" + digits;
  }
  if (verb === "O") digits = "0o" + digits;
  const sign = neg ? "-" : f.plus ? "+" : f.space ? " " : "";
  return pad(sign + digits, { ...f, zero: false });
}

function quoteRune(cp: number): string {
  const ch = String.fromCodePoint(cp);
  switch (ch) {
    case "'":
      return "'\\''";
    case "\\":
      return "'\\\\'";
    case "\n":
      return "'\\n'";
    case "\t":
      return "'\\t'";
    case "\r":
      return "'\\r'";
    case "\u0007":
      return "'\\a'";
    case "\b":
      return "'\\b'";
    case "\f":
      return "'\\f'";
    case "\v":
      return "'\\v'";
  }
  if (cp < 0x20 || cp === 0x7f) return `'\\x${cp.toString(16).padStart(2, "0")}'`;
  if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return "'�'";
  if (/^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]$/u.test(ch)) return `'${ch}'`;
  return cp < 0x10000 ? `'\\u${cp.toString(16).padStart(4, "0")}'` : `'\\U${cp.toString(16).padStart(8, "0")}'`;
}

function fmtInt(v: GoInt, verb: string, f: Flags): string {
  switch (verb) {
    case "v":
    case "d":
    case "b":
    case "o":
    case "O":
    case "x":
    case "X":
      return fmtInteger(v.n, verb, f);
    case "c":
      return pad(String.fromCodePoint(v.n >= 0 && v.n <= 0x10ffff ? v.n : 0xfffd), f);
    case "q":
      return pad(quoteRune(v.n), f);
    case "U": {
      const hex = "U+" + v.n.toString(16).toUpperCase().padStart(4, "0");
      return pad(f.sharp && v.n <= 0x10ffff ? `${hex} '${String.fromCodePoint(v.n)}'` : hex, f);
    }
  }
  return badVerb(verb, v);
}

function fmtFloatVerb(v: number, verb: string, f: Flags): string {
  let s: string;
  switch (verb) {
    case "v":
      s = formatFloat(v, "g", f.prec ?? -1);
      break;
    case "g":
    case "G":
      s = formatFloat(v, verb, f.prec ?? -1);
      break;
    case "e":
    case "E":
    case "f":
    case "F":
      s = formatFloat(v, verb, f.prec ?? 6);
      break;
    case "x":
    case "X":
      s = formatHexFloat(v, verb === "X", f.prec ?? -1);
      break;
    default:
      return badVerb(verb, v);
  }
  if (s === "NaN" || s.endsWith("Inf")) {
    const sign = s === "NaN" ? (f.plus ? "+" : f.space ? " " : "") : s[0] === "-" ? "-" : f.plus ? "+" : f.space ? " " : "";
    return pad(sign + s.replace(/^[+-]/, ""), { ...f, zero: false });
  }
  if (f.sharp && !s.includes(".") && !/[eE]/.test(s)) s += ".";
  if (s[0] !== "-") s = (f.plus ? "+" : f.space ? " " : "") + s;
  return padNumber(s, f);
}

function fmtString(s: string, verb: string, f: Flags): string {
  switch (verb) {
    case "v":
    case "s":
      return pad(f.prec !== undefined ? [...s].slice(0, f.prec).join("") : s, f);
    case "q":
      return pad(f.sharp && !s.includes("`") ? "`" + s + "`" : goQuote(f.prec !== undefined ? [...s].slice(0, f.prec).join("") : s), f);
    case "x":
    case "X": {
      let bytes = [...Buffer.from(s, "utf8")];
      if (f.prec !== undefined) bytes = bytes.slice(0, f.prec);
      const hex = bytes.map((b) => {
        const h = b.toString(16).padStart(2, "0");
        return verb === "X" ? h.toUpperCase() : h;
      });
      const prefix = f.sharp ? (verb === "X" ? "0X" : "0x") : "";
      const out = f.space ? hex.map((h) => prefix + h).join(" ") : prefix + hex.join("");
      return pad(out, f);
    }
  }
  return badVerb(verb, s);
}

function fmtComplex(c: GoComplex, verb: string, f: Flags): string {
  if (!"vbgGxXfFeE".includes(verb)) return badVerb(verb, c);
  const re = fmtFloatVerb(c.re, verb, { ...f, wid: undefined });
  const im = fmtFloatVerb(c.im, verb, { ...f, wid: undefined, plus: true });
  return pad(`(${re}${im}i)`, f);
}

/** One value under one verb, as fmt's printValue does (recursing into maps and slices). */
export function formatValue(v: GoValue, verb: string, f: Flags, depth = 0): string {
  if (verb === "T") return pad(typeName(v), f);
  if (v === null || v === MISSING) return verb === "v" ? pad("<nil>", f) : badVerb(verb, v);
  switch (typeof v) {
    case "boolean":
      return verb === "v" || verb === "t" ? pad(v ? "true" : "false", f) : badVerb(verb, v);
    case "number":
      return fmtFloatVerb(v, verb, f);
    case "string":
      return fmtString(v, verb, f);
  }
  if (v instanceof GoInt) return fmtInt(v, verb, f);
  if (v instanceof GoComplex) return fmtComplex(v, verb, f);
  if (Array.isArray(v)) {
    return "[" + v.map((e) => formatValue(e, verb, f, depth + 1)).join(" ") + "]";
  }
  return "map[" + sortedKeys(v).map((k) => `${formatValue(k, verb, f, depth + 1)}:${formatValue(v[k]!, verb, f, depth + 1)}`).join(" ") + "]";
}

/** fmt.Sprint: spaces between operands when neither side is a string. */
export function sprint(args: GoValue[]): string {
  let out = "";
  let prevString = false;
  args.forEach((a, i) => {
    const isString = typeof a === "string";
    if (i > 0 && !isString && !prevString) out += " ";
    out += formatValue(a, "v", NONE);
    prevString = isString;
  });
  return out;
}

export function sprintln(args: GoValue[]): string {
  return args.map((a) => formatValue(a, "v", NONE)).join(" ") + "\n";
}

const intArg = (v: GoValue | undefined): number | undefined => (v instanceof GoInt ? v.n : undefined);

/** fmt.Sprintf. */
export function sprintf(format: string, args: GoValue[]): string {
  let out = "";
  let argNum = 0;
  let i = 0;
  const n = format.length;
  while (i < n) {
    const pct = format.indexOf("%", i);
    if (pct < 0) {
      out += format.slice(i);
      break;
    }
    out += format.slice(i, pct);
    i = pct + 1;
    const f: Flags = { plus: false, minus: false, sharp: false, space: false, zero: false };
    flags: for (; i < n; i++) {
      switch (format[i]) {
        case "#":
          f.sharp = true;
          break;
        case "0":
          f.zero = true;
          break;
        case "+":
          f.plus = true;
          break;
        case "-":
          f.minus = true;
          break;
        case " ":
          f.space = true;
          break;
        default:
          break flags;
      }
    }
    // Width: a number or '*'.
    if (format[i] === "*") {
      i++;
      const w = intArg(args[argNum]);
      if (w === undefined) out += "%!(BADWIDTH)";
      else {
        f.wid = Math.abs(w);
        if (w < 0) f.minus = true;
      }
      argNum++;
    } else {
      const m = /^\d+/.exec(format.slice(i));
      if (m) {
        f.wid = Number(m[0]);
        i += m[0].length;
      }
    }
    if (format[i] === ".") {
      i++;
      if (format[i] === "*") {
        i++;
        const p = intArg(args[argNum]);
        if (p === undefined || p < 0) out += "%!(BADPREC)";
        else f.prec = p;
        argNum++;
      } else {
        const m = /^\d+/.exec(format.slice(i));
        f.prec = m ? Number(m[0]) : 0;
        if (m) i += m[0].length;
      }
    }
    if (i >= n) {
      out += "%!(NOVERB)";
      break;
    }
    const verb = String.fromCodePoint(format.codePointAt(i)!);
    i += verb.length;
    if (verb === "%") {
      out += "%";
      continue;
    }
    if (argNum >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    const arg = args[argNum++]!;
    if (verb === "w") out += badVerb(verb, arg);
    else out += formatValue(arg, verb, f);
  }
  if (argNum < args.length) {
    out += "%!(EXTRA " + args.slice(argNum).map((a) => (a === null || a === MISSING ? "<nil>" : `${typeName(a)}=${formatValue(a, "v", NONE)}`)).join(", ") + ")";
  }
  return out;
}
