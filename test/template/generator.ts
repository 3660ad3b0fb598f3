// A small deterministic generator of differential cases: actions, pipelines, control structures and printf
// formats over Go's builtins, combined at random from a fixed seed (same seed, same cases, in every run).
import type { Case } from "./corpus.ts";

/** mulberry32: a tiny seeded PRNG with good enough spread for picking cases. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIELDS = [
  ".payload.id",
  ".payload.count",
  ".payload.amount",
  ".payload.neg",
  ".payload.zero",
  ".payload.big",
  ".payload.small",
  ".payload.tenth",
  ".payload.third",
  ".payload.huge",
  ".payload.ok",
  ".payload.no",
  ".payload.nothing",
  ".payload.empty",
  ".payload.tags",
  ".payload.nums",
  ".payload.map",
  ".payload.emptyList",
  ".payload.unicode",
  ".payload.html",
  ".payload.items",
  ".payload.mixed",
  ".payload.nested.a.b",
  ".payload.missing",
  ".attempt",
  ".event_name",
  "$.payload.count",
  ".",
];

const LITERALS = [
  "0",
  "1",
  "-1",
  "42",
  "3.0",
  "1.5",
  "-0.5",
  "1e6",
  "1e21",
  "1e-7",
  "0x1F",
  "0o17",
  "0b101",
  "1_000",
  "'a'",
  "'é'",
  "2i",
  '"str"',
  '""',
  '"héllo"',
  '"<&>"',
  "`raw`",
  "true",
  "false",
  "nil",
];

const VERBS = ["v", "v", "d", "s", "s", "q", "f", "g", "e", "x", "X", "t", "T", "c", "U", "o", "b", "E", "G", "z"];
const FLAGS = ["", "", "", "-", "+", "#", "0", " ", "+0", "-#"];

interface Fn {
  name: string;
  min: number;
  max: number;
}

const FUNCS: Fn[] = [
  { name: "len", min: 1, max: 1 },
  { name: "not", min: 1, max: 1 },
  { name: "html", min: 1, max: 2 },
  { name: "js", min: 1, max: 2 },
  { name: "urlquery", min: 1, max: 2 },
  { name: "print", min: 0, max: 3 },
  { name: "println", min: 1, max: 2 },
  { name: "eq", min: 2, max: 3 },
  { name: "ne", min: 2, max: 2 },
  { name: "lt", min: 2, max: 2 },
  { name: "le", min: 2, max: 2 },
  { name: "gt", min: 2, max: 2 },
  { name: "ge", min: 2, max: 2 },
  { name: "and", min: 1, max: 3 },
  { name: "or", min: 1, max: 3 },
  { name: "index", min: 2, max: 3 },
  { name: "slice", min: 1, max: 3 },
];

const LISTS = [
  ".payload.tags",
  ".payload.nums",
  ".payload.map",
  ".payload.items",
  ".payload.emptyList",
  ".payload.missing",
  ".payload.nothing",
  "3",
  "0",
  ".payload.count",
  ".payload.id",
  "(slice .payload.tags 1)",
];

// Between pieces: newlines, comments (multi-line, trimmed) and trim markers, which move line numbers around.
const SEPARATORS = [
  "",
  "",
  "",
  "\n",
  " \n\t",
  "{{/* c\nc */}}",
  "{{- /* t */ -}}",
  '\n{{- "" }}\n',
  "{{ `a\nb` -}}\n\n",
];

/** `count` distinct templates from `seed`, none of them in `exclude` (the hand-written corpus, say). */
export function generateCases(count: number, seed: number, exclude: ReadonlySet<string> = new Set()): Case[] {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const chance = (p: number) => rand() < p;
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

  const atom = (): string => (chance(0.55) ? pick(FIELDS) : pick(LITERALS));

  const format = (): string => {
    let s = "";
    for (let i = int(1, 2); i > 0; i--) {
      if (chance(0.4)) s += pick(["x=", " ", "[", "|", "é"]);
      s += "%" + pick(FLAGS);
      if (chance(0.35)) s += String(int(0, 8));
      if (chance(0.3)) s += "." + (chance(0.8) ? String(int(0, 5)) : "");
      s += pick(VERBS);
    }
    if (chance(0.15)) s += "%%";
    return JSON.stringify(s);
  };

  const call = (depth: number): string => {
    if (chance(0.3)) {
      const args = Array.from({ length: int(0, 3) }, () => expr(depth + 1));
      return ["printf", format(), ...args].join(" ");
    }
    const fn = pick(FUNCS);
    const args = Array.from({ length: int(fn.min, fn.max) }, () => expr(depth + 1));
    return [fn.name, ...args].join(" ");
  };

  const expr = (depth: number): string => {
    if (depth >= 2 || chance(0.65)) return atom();
    return `(${call(depth)})`;
  };

  const pipeline = (): string => {
    const head = chance(0.5) ? call(0) : atom();
    if (!chance(0.35)) return head;
    const stage = pick([
      "print",
      "len",
      "html",
      "urlquery",
      "js",
      "not",
      'printf "<%v>"',
      "printf " + format(),
      "eq 3.0",
      "index .payload.tags",
      "print 1",
    ]);
    return `${head} | ${stage}`;
  };

  const trim = (inner: string): string => {
    const l = chance(0.2) ? "- " : "";
    const r = chance(0.2) ? " -" : "";
    return `{{${l}${inner}${r}}}`;
  };

  const piece = (): string => {
    switch (int(0, 10)) {
      case 8:
        return `{{define "p${int(1, 2)}"}}({{.}}){{end}}{{template "p${int(1, 2)}" ${expr(1)}}}`;
      case 9: {
        const list = pick(LISTS);
        const ctl = pick(["break", "continue"]);
        return `{{range $i, $e := ${list}}}{{if ${pick(["eq $i 1", "$e", "not $e", "ge $i 2"])}}}{{${ctl}}}{{end}}{{$e}},{{end}}`;
      }
      case 10:
        return `{{$x := ${atom()}}}{{$x = ${pipeline()}}}{{$x}}`;
      case 0:
      case 1:
        return trim(pipeline());
      case 2:
        return `{{if ${pipeline()}}}T{{else if ${expr(1)}}}E{{else}}F{{end}}`;
      case 3: {
        const list = pick(LISTS);
        return chance(0.5)
          ? `{{range $i, $e := ${list}}}{{$i}}={{$e}};{{else}}none{{end}}`
          : `{{range ${list}}}[{{.}}]{{end}}`;
      }
      case 4:
        return `{{with ${pipeline()}}}<{{.}}>{{else}}-{{end}}`;
      case 5:
        return `{{$v := ${pipeline()}}}{{$v}}|{{printf "%T" $v}}`;
      case 6:
        return pick([" ", "\n", " \t\n ", "text", "é"]);
      default:
        return `{{printf ${format()} ${atom()} ${atom()}}}`;
    }
  };

  // Syntax damage: parse errors from the lexer and the parser at random places.
  const mutate = (src: string): string => {
    const at = int(0, src.length);
    switch (int(0, 4)) {
      case 0:
        return src.slice(0, at) + src.slice(at + 1);
      case 1:
        return (
          src.slice(0, at) +
          pick(["{{", "}}", "(", ")", '"', "`", "|", "$", ":=", "{{end}}", "{{else}}", "'"]) +
          src.slice(at)
        );
      case 2:
        return src.slice(0, at);
      case 3:
        return src.replace(/\{\{end\}\}/, "");
      default:
        return src.replace(/\}\}/, "}");
    }
  };

  const seen = new Set<string>();
  const out: Case[] = [];
  for (let attempts = 0; out.length < count && attempts < count * 20; attempts++) {
    let src = "";
    for (let i = int(1, 3); i > 0; i--) src += (src ? pick(SEPARATORS) : "") + piece();
    if (chance(0.12)) src = mutate(src);
    if (seen.has(src) || exclude.has(src)) continue;
    seen.add(src);
    out.push({ src });
  }
  return out;
}
