// svc's helper functions for webhook payloads, beyond Go's builtins. Arguments come first and the value last,
// so each reads naturally at the end of a pipeline: {{.payload.name | trimPrefix "Mr. " | upper}}.
import type { GoFunc, Param } from "../exec.ts";
import { queryEscape } from "../builtins.ts";
import { GoComplex, GoInt, MISSING, isMap, sortedKeys, truth, type GoMap, type GoValue } from "../values.ts";
import { formatFloat } from "../floats.ts";
import { num, str, toGoInt } from "./convert.ts";
import { NAMED_LAYOUTS, formatTime, parseTime, toDate } from "./time.ts";

export type CatalogFunc = GoFunc & { doc: string };

const any: Param = "any";

function fn(params: number, call: (args: GoValue[]) => GoValue, doc: string, variadic = false): CatalogFunc {
  return { params: Array<Param>(params).fill(any), ...(variadic ? { variadic: any } : {}), call, doc };
}

const isNothing = (v: GoValue) => v === null || v === MISSING;

// --- encoding --------------------------------------------------------------------------------------------

/** encoding/json's output: map keys sorted, <, > and & escaped, as json.Marshal writes them. */
function toJSON(v: GoValue): string {
  return jsonText(v);
}

// Text that needs no escaping at all (no quote, backslash, control character, HTML-unsafe character or surrogate).
const PLAIN_JSON_STRING = /^[^"\\\u0000-\u001f<>&\u2028\u2029\ud800-\udfff]*$/;
const HTML_UNSAFE = /[<>&\u2028\u2029]/;
const escapeHtml = (text: string) =>
  text.replace(/[<>&\u2028\u2029]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));

/** Written directly (no intermediate copy): the hot helper of most transforms. */
function jsonText(v: GoValue): string {
  if (isNothing(v)) return "null";
  switch (typeof v) {
    case "string": {
      if (PLAIN_JSON_STRING.test(v)) return '"' + v + '"';
      const text = JSON.stringify(v);
      return HTML_UNSAFE.test(text) ? escapeHtml(text) : text;
    }
    case "number":
      if (!Number.isFinite(v)) throw new Error(`json: unsupported value: ${formatFloat(v, "g", -1)}`);
      // encoding/json keeps the sign of negative zero; otherwise JavaScript's number text is Go's.
      return Object.is(v, -0) ? "-0" : JSON.stringify(v);
    case "boolean":
      return v ? "true" : "false";
  }
  if (v instanceof GoInt) return String(v.n);
  if (v instanceof GoComplex) throw new Error("json: unsupported type: complex128");
  if (Array.isArray(v)) {
    let out = "[";
    for (let i = 0; i < v.length; i++) out += (i ? "," : "") + jsonText(v[i]!);
    return out + "]";
  }
  if (isMap(v)) {
    let out = "{";
    let first = true;
    for (const k of sortedKeys(v)) {
      let key = JSON.stringify(k);
      if (HTML_UNSAFE.test(key)) key = escapeHtml(key);
      out += (first ? "" : ",") + key + ":" + jsonText(v[k]!);
      first = false;
    }
    return out + "}";
  }
  return JSON.stringify(v);
}

/** Standard Base64 with padding, as Go's base64.StdEncoding reads it (line breaks ignored); anything else is an error. */
function base64Decode(s: string): string {
  const clean = s.replace(/[\r\n]/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0)
    throw new Error(`illegal base64 data: ${JSON.stringify(s)}`);
  return Buffer.from(clean, "base64").toString("utf8");
}

// --- values ----------------------------------------------------------------------------------------------

function toInt(v: GoValue): GoInt {
  if (v instanceof GoInt) return new GoInt(v.n);
  return toGoInt(num(v));
}

function toFloat(v: GoValue): number {
  return num(v);
}

function dig(args: GoValue[]): GoValue {
  const m = args[args.length - 1]!;
  const fallback = args[args.length - 2]!;
  if (!isMap(m)) throw new Error("dig needs a map as its last argument");
  let cur: GoValue = m;
  for (const key of args.slice(0, -2)) {
    if (!isMap(cur) || !Object.hasOwn(cur, str(key))) return fallback;
    cur = cur[str(key)]!;
  }
  return cur;
}

// --- structures ------------------------------------------------------------------------------------------

function dict(args: GoValue[]): GoMap {
  if (args.length % 2 !== 0) throw new Error("dict needs key/value pairs (an even number of arguments)");
  const out: GoMap = {};
  for (let i = 0; i < args.length; i += 2) out[str(args[i]!)] = args[i + 1] === MISSING ? null : args[i + 1]!;
  return out;
}

function asList(v: GoValue, what: string): GoValue[] {
  if (isNothing(v)) return [];
  if (!Array.isArray(v)) throw new Error(`${what} needs a list, got ${str(v)}`);
  return v;
}

function merge(args: GoValue[]): GoMap {
  const out: GoMap = {};
  // Like Sprig's merge: the first map wins on a key present in several.
  for (const m of args) {
    if (isNothing(m)) continue;
    if (!isMap(m)) throw new Error("merge needs maps");
    for (const [k, v] of Object.entries(m)) if (!(k in out)) out[k] = v;
  }
  return out;
}

// --- math ------------------------------------------------------------------------------------------------

/** Integer arithmetic while every operand is an integer (literals, toInt), float64 as soon as one is not. */
function arith(args: GoValue[], op: (a: number, b: number, ints: boolean) => number): GoValue {
  let ints = true;
  for (const a of args) if (!(a instanceof GoInt)) ints = false;
  let result = num(args[0]!);
  for (let i = 1; i < args.length; i++) result = op(result, num(args[i]!), ints);
  return ints ? toGoInt(result) : result;
}

function divide(a: number, b: number, ints: boolean): number {
  if (b === 0) throw new Error("division by zero");
  return ints ? Math.trunc(a / b) : a / b;
}

// JavaScript's % truncates like Go's % on integers and math.Mod on floats.
function modulo(a: number, b: number): number {
  if (b === 0) throw new Error("division by zero");
  return a % b;
}

function timeArg(t: GoValue): Date {
  if (isNothing(t)) throw new Error("no time given");
  return toDate(t instanceof GoInt ? t.n : t);
}

// --- strings ---------------------------------------------------------------------------------------------

// Go's unicode.IsSpace (strings.TrimSpace): JS's trim() differs on U+0085 (space in Go) and U+FEFF (not).
const SPACE = "\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";
const EDGE_SPACE = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, "g");
const trimSpace = (s: string) => s.replace(EDGE_SPACE, "");

/** strings.ToUpper/ToLower: rune by rune, so one character never becomes two (ß stays ß, as in Go). */
function mapRunes(s: string, f: (ch: string) => string): string {
  let out = "";
  for (const ch of s) {
    if (ch.codePointAt(0)! < 0x80) {
      out += f(ch);
      continue;
    }
    if (ch === "\u0130" && f === lowerRune) {
      out += "i";
      continue;
    }
    const m = f(ch);
    out += [...m].length === 1 ? m : ch;
  }
  return out;
}
const upperRune = (ch: string) => ch.toUpperCase();
const lowerRune = (ch: string) => ch.toLowerCase();

function title(s: string): string {
  return s.replace(/(^|[^\p{L}\p{N}_'])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

function trimCutset(s: string, cutset: string): string {
  const chars = new Set(Array.from(cutset));
  const runes = Array.from(s);
  let start = 0;
  let end = runes.length;
  while (start < end && chars.has(runes[start]!)) start++;
  while (end > start && chars.has(runes[end - 1]!)) end--;
  return runes.slice(start, end).join("");
}

function truncate(n: GoValue, s: GoValue): string {
  const count = Math.trunc(num(n, "truncate: length"));
  if (count < 0) throw new Error("truncate: length must not be negative");
  const text = str(s);
  // Walk `count` characters (a surrogate pair is one) and cut there.
  let i = 0;
  for (let n = 0; n < count && i < text.length; n++) {
    const c = text.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return text.slice(0, i);
}

function repeat(n: GoValue, s: GoValue): string {
  const count = Math.trunc(num(n, "repeat: count"));
  if (count < 0) throw new Error("repeat: negative count");
  const text = str(s);
  // Refuse before building a string far beyond the output limit.
  if (text.length * count > 16 * 1024 * 1024) throw new Error("repeat: result too large");
  return text.repeat(count);
}

export const CATALOG: Record<string, CatalogFunc> = {
  // encoding
  json: fn(
    1,
    ([v]) => toJSON(v!),
    'json x — x as JSON (map keys sorted, like Go\'s encoding/json). {{json .payload}} → {"id":"ord_1","total":12.5}',
  ),
  urlencode: fn(
    1,
    ([v]) => queryEscape(str(v!)),
    'urlencode s — s escaped for a URL query component. {{urlencode .payload.email}}: "a+b@x.io" → "a%2Bb%40x.io"',
  ),
  base64: fn(
    1,
    ([v]) => Buffer.from(str(v!), "utf8").toString("base64"),
    'base64 s — standard Base64 of s\'s UTF-8 bytes. {{base64 "hello"}} → "aGVsbG8="',
  ),
  base64decode: fn(
    1,
    ([v]) => base64Decode(str(v!)),
    'base64decode s — decodes standard Base64 to text; invalid input is an error. {{base64decode "aGVsbG8="}} → "hello"',
  ),

  // time
  now: fn(
    0,
    () => formatTime(new Date(), NAMED_LAYOUTS.RFC3339Nano!),
    'now — the current time as RFC 3339 text in UTC. {{now | formatTime "2006-01-02"}} → "2026-11-23"',
  ),
  formatTime: fn(
    2,
    ([layout, t]) => formatTime(timeArg(t!), str(layout!)),
    "formatTime layout t — formats a time (RFC 3339 text or Unix seconds) with a Go layout or a layout " +
      'name (RFC3339, RFC1123, Kitchen, DateOnly…), in UTC. {{.timestamp | formatTime "Mon, 02 Jan 2006 ' +
      '15:04:05 MST"}} → "Mon, 23 Nov 2026 12:00:00 UTC"',
  ),
  parseTime: fn(
    2,
    ([layout, s]) => formatTime(parseTime(str(layout!), str(s!)), NAMED_LAYOUTS.RFC3339Nano!),
    "parseTime layout s — reads s with a Go layout and returns RFC 3339 text in UTC. {{.payload.date | " +
      'parseTime "02/01/2006"}}: "23/11/2026" → "2026-11-23T00:00:00Z"',
  ),

  // strings
  upper: fn(1, ([s]) => mapRunes(str(s!), upperRune), 'upper s — s in upper case. {{upper "paid"}} → "PAID"'),
  lower: fn(1, ([s]) => mapRunes(str(s!), lowerRune), "lower s — s in lower case. {{.payload.email | lower}}"),
  title: fn(
    1,
    ([s]) => title(str(s!)),
    'title s — the first letter of each word in upper case. {{title "order paid"}} → "Order Paid"',
  ),
  trim: fn(
    1,
    (a) => {
      if (a.length > 2) throw new Error(`trim takes 1 or 2 arguments, got ${a.length}`);
      return a.length === 1 ? trimSpace(str(a[0]!)) : trimCutset(str(a[1]!), str(a[0]!));
    },
    'trim [cutset] s — s without leading and trailing white space, or without the characters of cutset. {{trim "  hi  "}} → "hi", {{trim "/" "/a/b/"}} → "a/b"',
    true,
  ),
  trimSpace: fn(
    1,
    ([s]) => trimSpace(str(s!)),
    "trimSpace s — s without leading and trailing white space. {{trimSpace .payload.note}}",
  ),
  trimPrefix: fn(
    2,
    ([p, s]) => (str(s!).startsWith(str(p!)) ? str(s!).slice(str(p!).length) : str(s!)),
    'trimPrefix prefix s — s without a leading prefix. {{.payload.id | trimPrefix "ord_"}}: "ord_42" → "42"',
  ),
  trimSuffix: fn(
    2,
    ([p, s]) => (str(p!) !== "" && str(s!).endsWith(str(p!)) ? str(s!).slice(0, -str(p!).length) : str(s!)),
    'trimSuffix suffix s — s without a trailing suffix. {{trimSuffix ".json" "data.json"}} → "data"',
  ),
  split: fn(
    2,
    ([sep, s]) => (str(sep!) === "" ? Array.from(str(s!)) : str(s!).split(str(sep!))),
    'split sep s — the parts of s between each sep, as a list. {{range split "," .payload.tags}}[{{.}}]{{end}}: "a,b" → "[a][b]"',
  ),
  join: fn(
    2,
    ([sep, list]) => asList(list!, "join").map(str).join(str(sep!)),
    'join sep list — the list\'s elements as text, separated by sep. {{join ", " .payload.tags}} → "a, b"',
  ),
  replace: fn(
    3,
    ([from, to, s]) => (str(from!) === "" ? str(s!) : str(s!).split(str(from!)).join(str(to!))),
    'replace old new s — s with every old replaced by new. {{.payload.phone | replace " " ""}}: "+1 555 0100" → "+15550100"',
  ),
  contains: fn(
    2,
    ([sub, s]) => str(s!).includes(str(sub!)),
    'contains substr s — whether s contains substr. {{if contains "@" .payload.contact}}…{{end}}',
  ),
  hasPrefix: fn(
    2,
    ([p, s]) => str(s!).startsWith(str(p!)),
    'hasPrefix prefix s — whether s starts with prefix. {{if hasPrefix "ord_" .payload.id}}…{{end}}',
  ),
  hasSuffix: fn(
    2,
    ([p, s]) => str(s!).endsWith(str(p!)),
    'hasSuffix suffix s — whether s ends with suffix. {{if hasSuffix ".pdf" .payload.file}}…{{end}}',
  ),
  truncate: fn(
    2,
    ([n, s]) => truncate(n!, s!),
    'truncate n s — at most the first n characters of s. {{.payload.note | truncate 10}}: "a long note here" → "a long not"',
  ),
  repeat: fn(2, ([n, s]) => repeat(n!, s!), 'repeat n s — s repeated n times. {{repeat 3 "ab"}} → "ababab"'),

  // values
  default: fn(
    2,
    ([d, v]) => (truth(v!) ? v! : d!),
    'default fallback x — x, or fallback when x is missing or empty (false, 0, "", empty list or map). {{.payload.nickname | default "anonymous"}}',
  ),
  coalesce: fn(
    0,
    (args) => args.find((a) => truth(a)) ?? null,
    'coalesce x y… — the first argument that is not missing or empty. {{coalesce .payload.nickname .payload.name "guest"}}',
    true,
  ),
  dig: fn(
    3,
    dig,
    "dig key… fallback map — the value at a path of keys inside a map, or fallback where the path ends " +
      'early. {{dig "customer" "address" "city" "unknown" .payload}}',
    true,
  ),
  toString: fn(
    1,
    ([v]) => str(v!),
    'toString x — x as text (numbers as Go prints them; missing becomes ""). {{toString .payload.count}}: 3 → "3"',
  ),
  toInt: fn(
    1,
    ([v]) => toInt(v!),
    "toInt x — x as an integer (JSON numbers are float64; this truncates toward zero and accepts " +
      'numeric text and booleans). {{printf "%d" (toInt .payload.count)}}: 3 → "3"',
  ),
  toFloat: fn(
    1,
    ([v]) => toFloat(v!),
    'toFloat x — x as a float64 (accepts integers, numeric text and booleans). {{printf "%.2f" (toFloat .payload.price)}}: "9.5" → "9.50"',
  ),

  // structures
  dict: fn(
    0,
    dict,
    'dict key value… — a map from key/value pairs. {{json (dict "id" .payload.id "type" .event_name)}} → {"id":"ord_1","type":"order.paid"}',
    true,
  ),
  list: fn(
    0,
    (args) => args.map((a) => (a === MISSING ? null : a)),
    "list x… — a list of the arguments. {{json (list 1 2 3)}} → [1,2,3]",
    true,
  ),
  append: fn(
    1,
    ([l, ...rest]) => [...asList(l!, "append"), ...rest.map((a) => (a === MISSING ? null : a))],
    'append list x… — a new list: list followed by the other arguments. {{json (append .payload.tags "new")}} → ["a","new"]',
    true,
  ),
  merge: fn(
    1,
    merge,
    'merge map… — one map with the keys of all; the first map that has a key wins. {{json (merge .payload (dict "source" "svc"))}}',
    true,
  ),
  keys: fn(
    1,
    ([m]) =>
      isMap(m!)
        ? sortedKeys(m)
        : isNothing(m!)
          ? []
          : (() => {
              throw new Error("keys needs a map");
            })(),
    'keys map — the map\'s keys, sorted. {{join "," (keys .payload)}} → "id,total"',
  ),

  // math
  add: fn(
    2,
    (a) => arith(a, (x, y) => x + y),
    "add x y… — the sum. Integers stay integers; a JSON number (float64) makes the result float64. {{add .attempt 1}}",
    true,
  ),
  sub: fn(2, (a) => arith(a, (x, y) => x - y), "sub x y — x minus y. {{sub .payload.total .payload.discount}}"),
  mul: fn(
    2,
    (a) => arith(a, (x, y) => x * y),
    "mul x y… — the product. {{mul .payload.price .payload.quantity}}",
    true,
  ),
  div: fn(
    2,
    (a) => arith(a, divide),
    "div x y — x divided by y (integer division when both are integers); dividing by zero is an error. {{div .payload.cents 100.0}}",
  ),
  mod: fn(
    2,
    (a) => arith(a, modulo),
    "mod x y — the remainder of x divided by y; by zero is an error. {{mod (toInt .payload.n) 2}}",
  ),
};
