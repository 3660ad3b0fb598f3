// Go text/template's builtin functions, with Go's argument rules and error messages.
import type { GoFunc } from "./exec.ts";
import { formatValue, sprint, sprintf, sprintln } from "./fmt.ts";
import { isPrint } from "./strconv.ts";
import { GoComplex, GoInt, MISSING, compareCodePoints, isMap, truth, typeName, type GoValue } from "./values.ts";

const ZERO_VALUE_TYPE = "reflect: call of reflect.Value.Type on zero Value";

type Kind = "invalid" | "bool" | "int" | "uint" | "float" | "complex" | "string" | "other";

function kindOf(v: GoValue): Kind {
  if (v === null || v === MISSING) return "invalid";
  switch (typeof v) {
    case "boolean":
      return "bool";
    case "number":
      return "float";
    case "string":
      return "string";
  }
  if (v instanceof GoInt) return v.type === "uint8" ? "uint" : "int";
  if (v instanceof GoComplex) return "complex";
  return "other";
}

const incompatible = (a: GoValue, b: GoValue) =>
  new Error(`incompatible types for comparison: ${typeName(a)} and ${typeName(b)}`);
const ZERO = 0n;
/** Integers compare exactly (int64 literals beyond 2^53 included); floats as numbers. */
const cmpNum = (a: GoValue, b: GoValue): number => {
  if (a instanceof GoInt && b instanceof GoInt) {
    const d = a.exact - b.exact;
    return d < ZERO ? -1 : d > ZERO ? 1 : 0;
  }
  const x = a instanceof GoInt ? a.n : (a as number);
  const y = b instanceof GoInt ? b.n : (b as number);
  return x < y ? -1 : x > y ? 1 : 0;
};
const isNothing = (v: GoValue) => v === null || v === MISSING;

/** Go's eq: basic kinds compare by value; two values of no basic kind only when one is nil. */
function eq(args: GoValue[]): boolean {
  const [a, ...rest] = args;
  if (rest.length === 0) throw new Error("missing argument for comparison");
  // Go's basicKind puts nil, slices and maps alike in its "invalid" kind.
  const basic = (k: Kind) => (k === "other" ? "invalid" : k);
  const k1 = basic(kindOf(a!));
  for (const b of rest) {
    const k2 = basic(kindOf(b));
    let same = false;
    if (k1 !== k2) {
      if ((k1 === "int" && k2 === "uint") || (k1 === "uint" && k2 === "int")) same = cmpNum(a!, b) === 0;
      else if (!isNothing(a!) && !isNothing(b)) throw incompatible(a!, b);
    } else {
      switch (k1) {
        case "bool":
        case "string":
          same = a === b;
          break;
        case "float":
        case "int":
        case "uint":
          same = cmpNum(a!, b) === 0;
          break;
        case "complex":
          same = (a as GoComplex).re === (b as GoComplex).re && (a as GoComplex).im === (b as GoComplex).im;
          break;
        default: {
          if (isNothing(a!) || isNothing(b)) {
            same = isNothing(a!) === isNothing(b);
            break;
          }
          if (Array.isArray(a) !== Array.isArray(b)) {
            throw new Error(
              `non-comparable types ${formatValue(a!, "s")}: ${typeName(a!)}, ${typeName(b)}: ${formatValue(b, "v")}`,
            );
          }
          throw new Error(`non-comparable type ${formatValue(b, "s")}: ${typeName(b)}`);
        }
      }
    }
    if (same) return true;
  }
  return false;
}

function lt(a: GoValue, b: GoValue): boolean {
  const k1 = kindOf(a);
  const k2 = kindOf(b);
  for (const k of [k1, k2]) if (k === "invalid" || k === "other") throw new Error("invalid type for comparison");
  if (k1 !== k2) {
    if (k1 === "int" && k2 === "uint") return cmpNum(a, b) < 0;
    if (k1 === "uint" && k2 === "int") return cmpNum(a, b) < 0;
    throw incompatible(a, b);
  }
  switch (k1) {
    case "bool":
    case "complex":
      throw new Error("invalid type for comparison");
    case "string":
      return compareCodePoints(a as string, b as string) < 0;
    default:
      return cmpNum(a, b) < 0;
  }
}

const le = (a: GoValue, b: GoValue) => lt(a, b) || eq([a, b]);

function length(v: GoValue): GoValue {
  if (v === MISSING) throw new Error(ZERO_VALUE_TYPE);
  if (v === null) throw new Error("len of nil pointer");
  if (typeof v === "string") return new GoInt(Buffer.byteLength(v, "utf8"));
  if (Array.isArray(v)) return new GoInt(v.length);
  if (isMap(v)) return new GoInt(Object.keys(v).length);
  throw new Error(`len of type ${typeName(v)}`);
}

function indexArg(index: GoValue, cap: number, boxed = false): number {
  if (index === MISSING) throw new Error("cannot index slice/array with nil");
  if (boxed || index === null) throw new Error("cannot index slice/array with type interface {}");
  if (!(index instanceof GoInt)) throw new Error(`cannot index slice/array with type ${typeName(index)}`);
  if (index.n < 0 || index.n > cap) throw new Error(`index out of range: ${index.n}`);
  return index.n;
}

function index(args: GoValue[]): GoValue {
  let item: GoValue = args[0]!;
  if (item === null || item === MISSING) throw new Error("index of untyped nil");
  for (const i of args.slice(1)) {
    if (item === null) throw new Error("index of nil pointer");
    if (Array.isArray(item)) {
      const x = indexArg(i === null ? MISSING : i, item.length);
      if (x === item.length) throw new Error("reflect: slice index out of range");
      item = item[x]!;
    } else if (typeof item === "string") {
      const bytes = Buffer.from(item, "utf8");
      const x = indexArg(i === null ? MISSING : i, bytes.length);
      if (x === bytes.length) throw new Error("reflect: string index out of range");
      item = new GoInt(bytes[x]!, "uint8");
    } else if (isMap(item)) {
      if (i === null || i === MISSING) throw new Error("value is nil; should be of type string");
      if (typeof i !== "string") throw new Error(`value has type ${typeName(i)}; should be string`);
      item = Object.hasOwn(item, i) ? item[i]! : null;
    } else throw new Error(`can't index item of type ${typeName(item)}`);
  }
  return item;
}

function slice(args: GoValue[], boxed: boolean[] = []): GoValue {
  const item = args[0]!;
  const indexes = args.slice(1);
  if (item === null || item === MISSING) throw new Error("slice of untyped nil");
  if (indexes.length > 3) throw new Error(`too many slice indexes: ${indexes.length}`);
  let cap: number;
  let len: number;
  if (typeof item === "string") {
    if (indexes.length === 3) throw new Error("cannot 3-index slice a string");
    cap = len = Buffer.byteLength(item, "utf8");
  } else if (Array.isArray(item)) cap = len = item.length;
  else throw new Error(`can't slice item of type ${typeName(item)}`);
  const idx = [0, len, 0];
  for (const [i, x] of indexes.entries()) idx[i] = indexArg(x, cap, boxed[i + 1]);
  if (idx[0]! > idx[1]!) throw new Error(`invalid slice index: ${idx[0]} > ${idx[1]}`);
  if (indexes.length === 3 && idx[1]! > idx[2]!) throw new Error(`invalid slice index: ${idx[1]} > ${idx[2]}`);
  if (typeof item === "string") return Buffer.from(item, "utf8").subarray(idx[0], idx[1]).toString("utf8");
  return item.slice(idx[0], idx[1]);
}

/** The arguments of html/js/urlquery as one string, as Go's evalArgs builds it. */
function argsString(args: GoValue[]): string {
  if (args.length === 1 && typeof args[0] === "string") return args[0];
  return sprint(args.map((a) => (a === null || a === MISSING ? "<no value>" : a)));
}

export function htmlEscape(s: string): string {
  return s.replace(
    /[\u0000"'&<>]/g,
    (c) => ({ "\u0000": "\uFFFD", '"': "&#34;", "'": "&#39;", "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!,
  );
}

function jsEscape(s: string): string {
  let out = "";
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += "\ufffd";
      continue;
    }
    switch (ch) {
      case "\\":
        out += "\\\\";
        continue;
      case "'":
        out += "\\'";
        continue;
      case '"':
        out += '\\"';
        continue;
      case "<":
        out += "\\u003C";
        continue;
      case ">":
        out += "\\u003E";
        continue;
      case "&":
        out += "\\u0026";
        continue;
      case "=":
        out += "\\u003D";
        continue;
    }
    if (cp < 0x20) out += "\\u00" + cp.toString(16).toUpperCase().padStart(2, "0");
    else if (cp < 0x80 || isPrint(cp)) out += ch;
    else out += "\\u" + cp.toString(16).toUpperCase().padStart(4, "0");
  }
  return out;
}

/** url.QueryEscape. */
export function queryEscape(s: string): string {
  let out = "";
  for (const b of Buffer.from(s, "utf8")) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (c === " ") out += "+";
    else out += "%" + b.toString(16).toUpperCase().padStart(2, "0");
  }
  return out;
}

const any = "any" as const;

const BUILTIN_FUNCS: Record<string, GoFunc & { doc: string }> = {
  and: {
    params: [any],
    variadic: any,
    call: () => null,
    doc: "and x y… — the first empty argument, or the last; stops evaluating at the first empty one. {{and .payload.ok .payload.ready}}",
  },
  or: {
    params: [any],
    variadic: any,
    call: () => null,
    doc: "or x y… — the first non-empty argument, or the last; stops at the first non-empty one. {{or .payload.nickname .payload.name}}",
  },
  not: {
    params: [any],
    call: ([a]) => !truth(a!),
    doc: "not x — the boolean negation of x's truth. {{if not .payload.archived}}…{{end}}",
  },
  len: {
    params: [any],
    call: ([a]) => length(a!),
    doc: "len x — length of a string (bytes), list or map. {{len .payload.items}} → 3",
  },
  index: {
    params: [any],
    variadic: any,
    call: index,
    doc: 'index x k… — element of a list (int index) or map (string key); several keys dig deeper. {{index .payload.items 0}}, {{index .payload "first-name"}}',
  },
  slice: {
    params: [any],
    variadic: any,
    call: slice,
    wantsBoxed: true,
    doc: 'slice x i j — part of a string or list, x[i:j]. {{slice .payload.id 0 8}} → "ord_1234"',
  },
  print: {
    params: [],
    variadic: any,
    call: sprint,
    doc: 'print x… — Go fmt.Sprint: spaces between operands when neither is a string. {{print "id=" .payload.id}}',
  },
  printf: {
    params: ["string"],
    variadic: any,
    call: ([f, ...rest]) => sprintf(f as string, rest),
    doc: 'printf format x… — Go fmt.Sprintf (%v %d %s %q %f %g %e %x %t %% with width, precision and flags). {{printf "%.2f" .payload.amount}} → "12.50"',
  },
  println: {
    params: [],
    variadic: any,
    call: sprintln,
    doc: 'println x… — Go fmt.Sprintln: spaces between operands, newline at the end. {{println "done"}}',
  },
  html: {
    params: [],
    variadic: any,
    call: (a) => htmlEscape(argsString(a)),
    doc: 'html x… — HTML-escaped text. {{html .payload.note}}: "<b>" → "&lt;b&gt;"',
  },
  js: {
    params: [],
    variadic: any,
    call: (a) => jsEscape(argsString(a)),
    doc: "js x… — escaped for a JavaScript string. {{js .payload.name}}: it's → it\\'s",
  },
  urlquery: {
    params: [],
    variadic: any,
    call: (a) => queryEscape(argsString(a)),
    doc: 'urlquery x… — escaped for a URL query. {{urlquery .payload.q}}: "a b&c" → "a+b%26c"',
  },
  // and, or and call are evaluated by the executor itself (lazily; call needs its argument's node for the message).
  call: {
    params: [any],
    variadic: any,
    call: () => null,
    doc:
      "call f x… — calls a function value; template data holds no functions, so this always fails: " +
      "{{call .payload.fn 1}} is an error. Kept for Go compatibility.",
  },
  eq: {
    params: [any],
    variadic: any,
    call: eq,
    doc: 'eq x y… — x == y (or any of the y). Numbers from JSON are float64: compare with 1.0, not 1. {{if eq .payload.status "paid"}}',
  },
  ne: {
    params: [any, any],
    call: ([a, b]) => !eq([a!, b!]),
    doc: 'ne x y — x != y. {{if ne .payload.status "draft"}}',
  },
  lt: {
    params: [any, any],
    call: ([a, b]) => lt(a!, b!),
    doc: "lt x y — x < y (both numbers of one kind, or both strings). {{if lt .payload.amount 100.0}}",
  },
  le: { params: [any, any], call: ([a, b]) => le(a!, b!), doc: "le x y — x <= y. {{if le .payload.count 10.0}}" },
  gt: { params: [any, any], call: ([a, b]) => !le(a!, b!), doc: "gt x y — x > y. {{if gt .payload.amount 0.0}}" },
  ge: { params: [any, any], call: ([a, b]) => !lt(a!, b!), doc: "ge x y — x >= y. {{if ge .attempt 3.0}}" },
};

// The builtins Go declares with reflect.Value parameters (the rest take interface{}).
const REFLECT_ARGS = new Set(["and", "or", "not", "len", "index", "slice", "call", "eq", "ne", "lt", "le", "gt", "ge"]);

export const BUILTINS: Record<string, GoFunc & { doc: string }> = Object.fromEntries(
  Object.entries(BUILTIN_FUNCS).map(([name, f]) => [
    name,
    REFLECT_ARGS.has(name)
      ? { ...f, params: f.params.map(() => "value" as const), ...(f.variadic ? { variadic: "value" as const } : {}) }
      : f,
  ]),
);
