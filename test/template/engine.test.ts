// What the Go differential cannot check: the default missing-key mode, the safety bounds, parse error positions,
// and svc's own function catalog.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  DEFAULT_LIMITS,
  MAX_NESTING,
  TemplateExecError,
  TemplateLimitError,
  TemplateParseError,
  cachedTemplate,
  compileTemplate,
  templateCacheStats,
  templateFunctions,
  type Limits,
} from "../../lib/template/index.ts";
import { doPrintf, sprintf } from "../../lib/template/fmt.ts";
import { GoInt, type GoValue } from "../../lib/template/values.ts";

const ENVELOPE = {
  event_name: "order.paid",
  attempt: 2,
  timestamp: "2026-11-23T12:00:00Z",
  payload: {
    id: "ord_42",
    total: 12.5,
    count: 3,
    nothing: null,
    html: "<a&b>",
    tags: ["a", "b"],
    list: [1, "two", 3.5],
    customer: { name: "Ada", address: { city: "London" } },
    zebra: 1,
    apple: 2,
  },
};

const render = (src: string, data: unknown = ENVELOPE, limits?: Partial<Limits>) =>
  compileTemplate(src).render(data, limits);

/** The error a render throws (failing the test if it does not). */
function failure(src: string, data: unknown = ENVELOPE, limits?: Partial<Limits>): Error {
  try {
    render(src, data, limits);
  } catch (e) {
    assert.ok(e instanceof Error);
    return e;
  }
  assert.fail(`expected ${JSON.stringify(src)} to fail`);
}

function parseFailure(src: string): TemplateParseError {
  try {
    compileTemplate(src);
  } catch (e) {
    assert.ok(e instanceof TemplateParseError, `a TemplateParseError, not ${String(e)}`);
    return e;
  }
  assert.fail(`expected ${JSON.stringify(src)} not to parse`);
}

// --- missing keys -------------------------------------------------------------------------------------------

test("by default a missing key prints <no value> and is empty in conditions", () => {
  assert.equal(render("[{{.payload.missing}}]"), "[<no value>]");
  assert.equal(render("[{{.payload.missing.deeper}}]"), "[<no value>]");
  assert.equal(render("[{{with .payload.missing}}x{{end}}]"), "[]");
  assert.equal(render("{{with .payload.missing}}x{{else}}none{{end}}"), "none");
  assert.equal(render("{{if .payload.missing}}yes{{else}}no{{end}}"), "no");
  assert.equal(render("{{range .payload.missing}}x{{else}}empty{{end}}"), "empty");
  assert.equal(render('{{index .payload "missing"}}|{{.payload.nothing}}'), "<no value>|<no value>");
  assert.equal(render('{{.payload.missing | printf "%v"}}'), "<nil>");
  assert.equal(render("{{len .payload.tags}}"), "2");
});

test("strictMissingKeys turns a missing key into an execution error naming it", () => {
  const strict = compileTemplate("{{.payload.id}} {{.payload.missing}}", { strictMissingKeys: true });
  assert.throws(
    () => strict.render(ENVELOPE),
    (e: unknown) => {
      assert.ok(e instanceof TemplateExecError && !(e instanceof TemplateLimitError));
      assert.equal(
        e.message,
        'template: transform:1:26: executing "transform" at <.payload.missing>: map has no entry for key "missing"',
      );
      return true;
    },
  );
  // Present keys, even null ones, are fine; so is the default mode on the same source.
  assert.equal(compileTemplate("{{.payload.nothing}}", { strictMissingKeys: true }).render(ENVELOPE), "<no value>");
  assert.equal(compileTemplate("{{.payload.id}} {{.payload.missing}}").render(ENVELOPE), "ord_42 <no value>");
  assert.equal(compileTemplate("{{.x}}", { name: "custom" }).render({}), "<no value>");
  assert.match(
    failureOf(() => compileTemplate("{{.x}}", { name: "custom", strictMissingKeys: true }).render({})),
    /^template: custom:1:2: /,
  );
});

function failureOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  assert.fail("expected a failure");
}

// --- safety bounds ------------------------------------------------------------------------------------------

test("the default limits are 1 MiB of output, a million steps, depth 100 and a 1 s safety net", () => {
  assert.deepEqual(DEFAULT_LIMITS, {
    maxOutputBytes: 1024 * 1024,
    maxSteps: 1_000_000,
    maxDepth: 100,
    maxMillis: 1_000,
  });
  assert.equal(MAX_NESTING, 100);
});

test("functions pay for what they produce, so a loop of heavy calls stops early", () => {
  const payload = {
    items: Array.from({ length: 20 }, (_, i) => ({ sku: `SKU-${i}`, name: "An item with a name", price: i * 1.5 })),
  };
  for (const src of [
    "{{range 400000}}{{$x := json $.payload}}{{end}}",
    '{{range 300000}}{{$x := split "," (repeat 1000 "a,")}}{{end}}',
  ]) {
    const e = failure(src, { payload });
    assert.ok(e instanceof TemplateLimitError, `${src}: ${e}`);
    assert.match(e.message, /exceeded 1000000 steps/);
  }
  // The same calls a few times are nowhere near the budget.
  assert.equal(render("{{range 3}}{{$x := json $.payload}}{{end}}ok", { payload }), "ok");
});

test("the clock stops a render the step budget lets through", () => {
  const slow = compileTemplate("{{range 100000000}}{{end}}");
  assert.throws(
    () => slow.render({}, { maxSteps: Number.MAX_SAFE_INTEGER, maxMillis: 50 }),
    (e: unknown) => e instanceof TemplateLimitError && /longer than 50 ms/.test((e as Error).message),
  );
});

test("a huge range stops on the step limit", () => {
  for (const [src, data] of [
    ["{{range 100000000}}{{end}}", ENVELOPE],
    ["{{range 100000000}}{{if .}}{{end}}{{end}}", ENVELOPE],
    ["{{range .payload.items}}{{end}}", { payload: { items: new Array(600_000).fill(0) } }],
    ["{{range $i, $e := .}}{{range $e}}{{end}}{{end}}", new Array(2_000).fill(new Array(2_000).fill(1))],
  ] as const) {
    const e = failure(src, data);
    assert.ok(e instanceof TemplateLimitError, `${src}: ${e}`);
    assert.match(e.message, /template execution exceeded 1000000 steps$/);
  }
  // The bound is the caller's to choose.
  assert.equal(render("{{range 3}}{{.}}{{end}}", ENVELOPE, { maxSteps: 1000 }), "012");
  const e = failure("{{range 3}}{{.}}{{end}}", ENVELOPE, { maxSteps: 10 });
  assert.ok(e instanceof TemplateLimitError);
  assert.match(e.message, /exceeded 10 steps$/);
});

test("endless template recursion stops on the depth limit", () => {
  const e = failure('{{define "loop"}}{{template "loop" .}}{{end}}{{template "loop" .}}');
  assert.ok(e instanceof TemplateLimitError);
  assert.equal(
    e.message,
    'template: transform:1:28: executing "loop" at <{{template "loop" .}}>: exceeded maximum template depth (100)',
  );
  // maxDepth counts nested {{template}} calls: five calls fit in 5, six do not.
  const countdown = '{{define "d"}}{{if .}}x{{template "d" (slice . 1)}}{{end}}{{end}}{{template "d" .}}';
  assert.equal(render(countdown, [1, 2, 3, 4], { maxDepth: 5 }), "xxxx");
  const deeper = failure(countdown, [1, 2, 3, 4, 5], { maxDepth: 5 });
  assert.ok(deeper instanceof TemplateLimitError);
  assert.match(deeper.message, /exceeded maximum template depth \(5\)$/);
});

test("output beyond the limit fails, counted in UTF-8 bytes", () => {
  const big = failure(`{{range 2000}}${"x".repeat(1000)}{{end}}`);
  assert.ok(big instanceof TemplateLimitError);
  assert.match(big.message, /template output exceeds 1048576 bytes$/);
  assert.equal(render(`{{range 1048}}${"x".repeat(1000)}{{end}}`).length, 1_048_000);
  assert.equal(render("{{range 10}}x{{end}}", ENVELOPE, { maxOutputBytes: 10 }), "xxxxxxxxxx");
  assert.ok(failure("{{range 11}}x{{end}}", ENVELOPE, { maxOutputBytes: 10 }) instanceof TemplateLimitError);
  assert.equal(render("{{range 5}}é{{end}}", ENVELOPE, { maxOutputBytes: 10 }), "ééééé");
  assert.ok(failure("{{range 6}}é{{end}}", ENVELOPE, { maxOutputBytes: 10 }) instanceof TemplateLimitError);
  // A single huge value counts too.
  assert.ok(failure('{{repeat 600000 "ab"}}') instanceof TemplateLimitError);
});

test("nesting deeper than MAX_NESTING is a parse error, never a stack overflow", () => {
  const ifs = (n: number) => "{{if 1}}".repeat(n) + "in" + "{{end}}".repeat(n);
  const parens = (n: number) => "{{" + "(".repeat(n) + "1" + ")".repeat(n) + "}}";
  assert.equal(render(ifs(MAX_NESTING)), "in");
  assert.equal(render(parens(MAX_NESTING - 1)), "1");
  for (const src of [
    ifs(MAX_NESTING + 1),
    ifs(100_000),
    parens(MAX_NESTING + 1),
    "{{" + "(".repeat(100_000),
    "{{range .}}".repeat(50_000),
    "{{with 1}}{{else with 2}}".repeat(20_000),
  ]) {
    assert.match(parseFailure(src).message, /^template: transform:1: nesting deeper than 100 levels$/);
  }
});

test("data nested too deeply to print is a limit error, not a crash", () => {
  let deep: unknown = "bottom";
  for (let i = 0; i < 100_000; i++) deep = [deep];
  for (const src of ["{{.}}", "{{json .}}", '{{printf "%#v" .}}']) {
    const e = failure(src, deep);
    assert.ok(e instanceof TemplateLimitError, `${src}: ${e}`);
  }
  assert.equal(render("{{len .}}", deep), "1");
});

// --- parse errors -------------------------------------------------------------------------------------------

test("parse errors carry the line and the column (byte offset within the line)", () => {
  const undefinedFn = parseFailure("Hello {{.name}}\nline two\n  {{if .x}}\n    {{nofunc .y}}\n  {{end}}");
  assert.equal(undefinedFn.message, 'template: transform:4: function "nofunc" not defined');
  assert.equal(undefinedFn.line, 4);
  assert.equal(undefinedFn.column, 6);

  const variable = parseFailure("é日本 {{$nope}}");
  assert.equal(variable.message, 'template: transform:1: undefined variable "$nope"');
  assert.deepEqual([variable.line, variable.column], [1, 11]);

  const eof = parseFailure("one\ntwo\n{{if .a}}\n{{range .b}}\n");
  assert.equal(eof.message, "template: transform:5: unexpected EOF");
  assert.deepEqual([eof.line, eof.column], [5, 0]);

  const quote = parseFailure('x\n  {{ .a | printf "%d" 3 "unterminated }}');
  assert.equal(quote.message, "template: transform:2: unterminated quoted string");
  assert.deepEqual([quote.line, quote.column], [2, 24]);

  // Lines after trimmed newlines and multi-line comments are still counted right.
  const trimmed = parseFailure("a {{- 1 -}}\n\n{{/* two\nlines */}}\n{{nofunc}}");
  assert.deepEqual([trimmed.line, trimmed.column], [5, 2]);

  const named = (() => {
    try {
      compileTemplate("{{end}}", { name: "hook" });
    } catch (e) {
      return e as TemplateParseError;
    }
  })();
  assert.ok(named instanceof TemplateParseError);
  assert.equal(named.message, "template: hook:1: unexpected {{end}}");
});

// --- the function catalog -----------------------------------------------------------------------------------

const BUILTIN_NAMES = [
  "and",
  "call",
  "eq",
  "ge",
  "gt",
  "html",
  "index",
  "js",
  "le",
  "len",
  "lt",
  "ne",
  "not",
  "or",
  "print",
  "printf",
  "println",
  "slice",
  "urlquery",
];
const CATALOG_NAMES = [
  "add",
  "append",
  "base64",
  "base64decode",
  "coalesce",
  "contains",
  "default",
  "dict",
  "dig",
  "div",
  "formatTime",
  "hasPrefix",
  "hasSuffix",
  "join",
  "json",
  "keys",
  "list",
  "lower",
  "merge",
  "mod",
  "mul",
  "now",
  "parseTime",
  "repeat",
  "replace",
  "split",
  "sub",
  "title",
  "toFloat",
  "toInt",
  "toString",
  "trim",
  "trimPrefix",
  "trimSpace",
  "trimSuffix",
  "truncate",
  "upper",
  "urlencode",
];

test("templateFunctions lists every builtin, then every helper, each with an example", () => {
  const list = templateFunctions();
  assert.deepEqual(
    list.filter((f) => f.builtin).map((f) => f.name),
    BUILTIN_NAMES,
  );
  assert.deepEqual(
    list.filter((f) => !f.builtin).map((f) => f.name),
    CATALOG_NAMES,
  );
  assert.deepEqual(
    list.map((f) => f.name),
    [...BUILTIN_NAMES, ...CATALOG_NAMES],
  );
  for (const f of list) {
    assert.ok(f.description.length > 20, `${f.name} has a description`);
    assert.ok(f.description.includes("{{"), `${f.name}'s description has an example`);
    assert.ok(f.description.startsWith(f.name), `${f.name}'s description starts with its usage`);
  }
  // Every listed function is callable from a template.
  for (const f of list) compileTemplate(`{{if false}}{{${f.name}}}{{end}}`);
});

/** Renders each template and compares with the expected output. */
function expectAll(cases: Record<string, string>, data: unknown = ENVELOPE) {
  for (const [src, want] of Object.entries(cases)) assert.equal(render(src, data), want, src);
}

/** Each template fails with an execution error whose message matches. */
function expectErrors(cases: Record<string, RegExp>) {
  for (const [src, pattern] of Object.entries(cases)) {
    const e = failure(src);
    assert.ok(e instanceof TemplateExecError, `${src}: ${e}`);
    assert.match(e.message, pattern, src);
  }
}

test("json: sorted keys, Go's escaping of < > & and U+2028, null for nothing", () => {
  expectAll({
    "{{json .payload.customer}}": '{"address":{"city":"London"},"name":"Ada"}',
    "{{json .payload.html}}": '"\\u003ca\\u0026b\\u003e"',
    '{{json "line\u2028sep"}}': '"line\\u2028sep"',
    "{{json .payload.list}}": '[1,"two",3.5]',
    '{{json (dict "zebra" 1 "apple" (list 1 nil))}}': '{"apple":[1,null],"zebra":1}',
    "{{json .payload.nothing}}|{{json .payload.missing}}": "null|null",
    "{{json 1e21}} {{json 0.1}} {{json 3.0}} {{json 42}}": "1e+21 0.1 3 42",
    "{{json .payload}}":
      '{"apple":2,"count":3,"customer":{"address":{"city":"London"},"name":"Ada"},' +
      '"html":"\\u003ca\\u0026b\\u003e","id":"ord_42","list":[1,"two",3.5],"nothing":null,' +
      '"tags":["a","b"],"total":12.5,"zebra":1}',
  });
  expectErrors({ "{{json 1i}}": /error calling json: json: unsupported type: complex128$/ });
});

test("urlencode, base64 and base64decode", () => {
  expectAll({
    '{{urlencode "a b&c=d/é?"}}': "a+b%26c%3Dd%2F%C3%A9%3F",
    '{{urlencode "A-z_0.9~"}}': "A-z_0.9~",
    '{{base64 "hello"}}': "aGVsbG8=",
    '{{base64 "héllo"}}': "aMOpbGxv",
    '{{base64decode "aGVsbG8="}}': "hello",
    '{{base64decode "aMOpbGxv"}}': "héllo",
    '{{base64 "round trip" | base64decode}}': "round trip",
    '{{base64decode ""}}': "",
  });
  expectErrors({
    '{{base64decode "not base64!"}}': /error calling base64decode: illegal base64 data: "not base64!"$/,
    '{{base64decode "aGVsbG8"}}': /illegal base64 data/,
    '{{base64decode "a===="}}': /illegal base64 data/,
  });
});

test("formatTime and parseTime speak Go layouts and layout names, in UTC", () => {
  expectAll({
    '{{formatTime "2006-01-02" .timestamp}}': "2026-11-23",
    '{{.timestamp | formatTime "Mon, 02 Jan 2006 15:04:05 MST"}}': "Mon, 23 Nov 2026 12:00:00 UTC",
    '{{formatTime "RFC3339" .timestamp}}': "2026-11-23T12:00:00Z",
    '{{formatTime "RFC1123" .timestamp}}': "Mon, 23 Nov 2026 12:00:00 UTC",
    '{{formatTime "Kitchen" .timestamp}}': "12:00PM",
    '{{formatTime "DateTime" .timestamp}}': "2026-11-23 12:00:00",
    '{{formatTime "ANSIC" "2026-02-05T08:09:10Z"}}': "Thu Feb  5 08:09:10 2026",
    '{{formatTime "DateOnly" 0}}': "1970-01-01",
    '{{formatTime "2006-01-02T15:04:05.000Z07:00" 1700000000.5}}': "2023-11-14T22:13:20.500Z",
    '{{formatTime "Monday January 2 3:04pm" "2026-11-23T09:05:00+02:00"}}': "Monday November 23 7:05am",
    '{{formatTime "15:04:05.00 .999" "2026-11-23T12:00:00.120Z"}}': "12:00:00.12 .12",
    '{{formatTime "002 __2 _2 1/2/06" "2026-02-05T00:00:00Z"}}': "036  36  5 2/5/26",
    '{{formatTime "2006-01-02 15:04" "2026-11-23 08:30"}}': "2026-11-23 08:30",
    '{{parseTime "02/01/2006" "23/11/2026"}}': "2026-11-23T00:00:00Z",
    '{{parseTime "RFC3339" "2026-11-23T12:00:00+02:00"}}': "2026-11-23T10:00:00Z",
    '{{parseTime "RFC1123Z" "Mon, 23 Nov 2026 12:00:00 -0130"}}': "2026-11-23T13:30:00Z",
    '{{parseTime "Jan 2, 2006 at 3:04pm (MST)" "Nov 23, 2026 at 4:05pm (UTC)"}}': "2026-11-23T16:05:00Z",
    '{{parseTime "2006-01-02" "2024-02-29"}}': "2024-02-29T00:00:00Z",
    '{{parseTime "RFC3339Nano" "2026-11-23T12:00:00.123456789Z"}}': "2026-11-23T12:00:00.123Z",
    '{{parseTime "02.01.06" "23.11.26" | formatTime "Monday"}}': "Monday",
  });
  assert.match(render('{{now | formatTime "2006-01-02T15:04:05Z07:00"}}'), /^20\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  expectErrors({
    '{{formatTime "2006" "yesterday"}}':
      /error calling formatTime: "yesterday" is not a time \(RFC 3339 text or Unix seconds\)$/,
    '{{formatTime "2006" .payload.missing}}': /error calling formatTime: no time given$/,
    '{{parseTime "2006-01-02" "nope"}}': /error calling parseTime: parsing time "nope" as "2006-01-02": cannot parse$/,
    '{{parseTime "2006-01-02" "2026-02-30"}}': /day out of range$/,
    '{{parseTime "2006-01-02 15:04" "2026-11-23 25:00"}}': /value out of range$/,
    '{{parseTime "2006-01-02" "2026-11-23 extra"}}': /extra text: " extra"$/,
  });
});

test("string helpers", () => {
  expectAll({
    '{{upper "paid ß é"}}': "PAID ß É",
    '{{lower "PAID É"}}': "paid é",
    '{{title "order paid, it\'s here"}}': "Order Paid, It's Here",
    '[{{trim "  hi \\t\\n"}}]': "[hi]",
    '{{trim "/" "/a/b/"}}': "a/b",
    '{{trim "xy" "xyxhixy"}}': "hi",
    '[{{trimSpace "\\u00a0 x \\u0085"}}]': "[x]",
    '{{trimPrefix "ord_" .payload.id}}': "42",
    '{{trimPrefix "x" .payload.id}}': "ord_42",
    '{{trimSuffix ".json" "data.json"}}': "data",
    '{{trimSuffix "" "data"}}': "data",
    '{{range split "," "a,b,,c"}}[{{.}}]{{end}}': "[a][b][][c]",
    '{{split "" "héy"}}': "[h é y]",
    '{{len (split "," "")}}': "1",
    '{{join ", " .payload.list}}': "1, two, 3.5",
    '[{{join "," .payload.missing}}]': "[]",
    '{{split "," "a,b" | join "+"}}': "a+b",
    '{{.payload.id | replace "_" "-"}}': "ord-42",
    '{{replace "a" "o" "banana"}}': "bonono",
    '{{replace "" "x" "abc"}}': "abc",
    '{{contains "@" "a@b"}} {{contains "z" "a@b"}}': "true false",
    '{{hasPrefix "ord_" .payload.id}} {{hasPrefix "x" .payload.id}}': "true false",
    '{{hasSuffix "42" .payload.id}} {{hasSuffix ".PDF" "x.pdf"}}': "true false",
    '{{truncate 10 "a long note here"}}': "a long not",
    '{{truncate 3 "héllo"}}': "hél",
    '{{truncate 50 "short"}}': "short",
    '{{repeat 3 "ab"}}|{{repeat 0 "ab"}}': "ababab|",
  });
  expectErrors({
    '{{trim "/" "a" "b"}}': /error calling trim: trim takes 1 or 2 arguments, got 3$/,
    "{{trim}}": /wrong number of args for trim: want at least 1 got 0$/,
    '{{join "," "str"}}': /error calling join: join needs a list, got str$/,
    '{{truncate -1 "x"}}': /truncate: length must not be negative$/,
    '{{repeat -1 "ab"}}': /repeat: negative count$/,
    '{{repeat 100000000 "ab"}}': /repeat: result too large$/,
    '{{upper "a" "b"}}': /wrong number of args for upper: want 1 got 2$/,
  });
});

test("value helpers: default, coalesce, dig and conversions", () => {
  expectAll({
    '{{.payload.nickname | default "anonymous"}}': "anonymous",
    '{{.payload.nothing | default "anon"}}': "anon",
    '{{default "x" "given"}}|{{default "x" 0}}|{{default "x" ""}}|{{default "x" .payload.tags}}': "given|x|x|[a b]",
    '{{coalesce .payload.nothing .payload.missing "" 0 "guest" "late"}}': "guest",
    "{{coalesce .payload.nothing}}": "<no value>",
    '{{dig "customer" "address" "city" "unknown" .payload}}': "London",
    '{{dig "customer" "phone" "number" "unknown" .payload}}': "unknown",
    '{{dig "id" "-" .payload}}': "ord_42",
    "{{toString .payload.count}}|{{toString 1e21}}|{{toString .payload.nothing}}|{{toString true}}": "3|1e+21||true",
    '{{printf "%T" (toString 3)}}': "string",
    '{{$n := toInt .payload.count}}{{printf "%T %d" $n $n}}': "int 3",
    '{{toInt "42"}} {{toInt "3.9"}} {{toInt -3.9}} {{toInt true}} {{toInt " 7 "}}': "42 3 -3 1 7",
    '{{toFloat "9.5" | printf "%.2f"}}': "9.50",
    '{{$f := toFloat 3}}{{printf "%T %v" $f $f}}': "float64 3",
  });
  expectErrors({
    '{{dig "a" "none" .payload.list}}': /error calling dig: dig needs a map as its last argument$/,
    '{{toInt "0x10"}}': /error calling toInt: value "0x10" is not a number$/,
    '{{toInt "abc"}}': /value "abc" is not a number$/,
    "{{toInt 1e300}}": /error calling toInt: 1e\+300 is out of the int range$/,
    '{{toFloat "x"}}': /error calling toFloat: value "x" is not a number$/,
  });
});

test("structure helpers: dict, list, append, merge, keys", () => {
  expectAll({
    '{{json (dict "id" .payload.id "type" .event_name)}}': '{"id":"ord_42","type":"order.paid"}',
    '{{(dict "a" 1 "b" 2).b}}': "2",
    '{{json (dict "k" .payload.missing)}}': '{"k":null}',
    "{{json (list 1 2 3)}} {{len (list)}}": "[1,2,3] 0",
    '{{json (append .payload.tags "new")}} {{json .payload.tags}}': '["a","b","new"] ["a","b"]',
    '{{json (append .payload.missing "x")}}': '["x"]',
    '{{json (merge (dict "a" 1) (dict "a" 2 "b" 3) .payload.missing)}}': '{"a":1,"b":3}',
    '{{join "," (keys .payload)}}': "apple,count,customer,html,id,list,nothing,tags,total,zebra",
    "{{keys .payload.missing}}": "[]",
  });
  expectErrors({
    '{{dict "a"}}': /error calling dict: dict needs key\/value pairs \(an even number of arguments\)$/,
    '{{append "x" 1}}': /error calling append: append needs a list, got x$/,
    '{{merge (dict "a" 1) "x"}}': /error calling merge: merge needs maps$/,
    '{{keys "x"}}': /error calling keys: keys needs a map$/,
  });
});

test("math helpers keep integers integral and turn float64 as soon as a JSON number joins", () => {
  expectAll({
    '{{$n := add 1 2}}{{printf "%T %v" $n $n}}': "int 3",
    '{{$n := add .attempt 1}}{{printf "%T %v" $n $n}}': "float64 3",
    "{{add 1 2 3}} {{mul 3 4 2}} {{sub 10 4}} {{sub 1.5 4}}": "6 24 6 -2.5",
    "{{mul .payload.total 2}}": "25",
    '{{div 7 2 | printf "%T"}} {{div 7 2}} {{div 7.0 2}} {{div -7 2}}': "int 3 3.5 -3",
    "{{div .payload.total 100.0}}": "0.125",
    '{{mod 7 3}} {{mod -7 3}} {{mod 7.5 2}} {{mod 7.5 2 | printf "%T"}}': "1 -1 1.5 float64",
    '{{add "2" 3}}': "5",
    "{{if eq (mod (toInt .payload.count) 2) 1}}odd{{end}}": "odd",
  });
  expectErrors({
    "{{div 1 0}}": /error calling div: division by zero$/,
    "{{div 1.5 0.0}}": /error calling div: division by zero$/,
    "{{mod 1 0}}": /error calling mod: division by zero$/,
    '{{add "x" 3}}': /error calling add: value "x" is not a number$/,
    "{{sub 1 2 3}}": /wrong number of args for sub: want 2 got 3$/,
  });
});

test("helpers compose with builtins in pipelines", () => {
  assert.equal(
    render(
      '{{range $i, $t := .payload.tags}}{{if $i}},{{end}}{{$t | upper | printf "%q"}}{{end}} / {{.payload.customer.name | lower | repeat 2}}',
    ),
    '"A","B" / adaada',
  );
  assert.equal(render('{{with dig "customer" "address" "city" "" .payload}}{{. | upper}}{{end}}'), "LONDON");
});

test("printf's cached format plans print exactly what parsing the format each time prints", () => {
  // A seeded walk over formats built from Go's flag, width, precision and verb grammar, against many argument kinds.
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const pick = <T>(xs: T[]) => xs[next(xs.length)]!;
  const args: GoValue[][] = [
    [],
    [3.5],
    [new GoInt(42)],
    ["héllo"],
    [true, "x"],
    [[1, "a"], { b: 2 }],
    [null, -0.0001, new GoInt(-7)],
    [1e21, "a", "b", "c"],
  ];
  const pieces = () => {
    let f = "%" + Array.from({ length: next(3) }, () => pick(["#", "0", "+", "-", " "])).join("");
    if (next(2)) f += String(next(12));
    if (next(2)) f += "." + (next(3) ? String(next(8)) : "");
    return f + pick(["v", "d", "s", "q", "f", "g", "e", "x", "X", "t", "T", "c", "U", "o", "b", "%", "z", "é"]);
  };
  let checked = 0;
  for (let i = 0; i < 3000; i++) {
    const format = Array.from({ length: 1 + next(3) }, () =>
      next(3) ? pieces() : pick(["id=", " ", "%", "日本", ""]),
    ).join("");
    for (const a of args) {
      assert.equal(sprintf(format, a), doPrintf(format, a), `${JSON.stringify(format)} with ${a.length} args`);
      checked++;
    }
  }
  assert.equal(checked, 24_000);
});

test("the compiled-template cache stays within its entry and source-size bounds and keeps what is used", () => {
  const big = "x".repeat(60_000);
  for (let i = 0; i < 100; i++) cachedTemplate(`${big}{{.n}}${i}`, false);
  const afterBig = templateCacheStats();
  assert.ok(afterBig.sourceBytes <= 2 * 1024 * 1024, `${afterBig.sourceBytes} bytes of source cached`);
  assert.ok(afterBig.entries >= 30 && afterBig.entries <= 35, `${afterBig.entries} entries`);

  const hot = cachedTemplate("{{.hot}}", false);
  for (let i = 0; i < 1500; i++) {
    cachedTemplate(`{{.n}}${i}`, false);
    if (i % 100 === 0) assert.equal(cachedTemplate("{{.hot}}", false), hot, "a template in use is never evicted");
  }
  assert.ok(templateCacheStats().entries <= 1000);
  assert.equal(cachedTemplate("{{.hot}}", true) === hot, false, "strict mode is a different compiled template");
});
