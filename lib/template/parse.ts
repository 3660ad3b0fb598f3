// Parser for Go text/template (after text/template/parse/parse.go): the same tree, checks and error messages.
import { goQuote, lex, T, type Item } from "./lex.ts";
import type { ArgNode, ChainNode, CommandNode, ListNode, Node, PipeNode, TemplateNode, VariableNode } from "./nodes.ts";
import { nodeString } from "./nodes.ts";
import { GoComplex, GoInt, type GoValue } from "./values.ts";

export class TemplateParseError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
    this.name = "TemplateParseError";
  }
}

/** Nesting of control structures and parentheses a template may use (deeper is refused, not recursed into). */
export const MAX_NESTING = 100;

export interface ParsedTemplates {
  /** Trees by template name; the main template is `name`. */
  trees: Map<string, ListNode>;
  source: string;
  name: string;
}

export function parseTemplate(name: string, source: string, hasFunction: (name: string) => boolean): ParsedTemplates {
  const items = lex(source);
  let i = 0;
  let vars: string[] = ["$"];
  let rangeDepth = 0;
  let depth = 0;
  let actionLine = 0;
  let last: Item = items[0] ?? { typ: T.EOF, pos: 0, val: "", line: 1 };
  const trees = new Map<string, ListNode>();

  const errorf = (message: string): never => {
    const column = columnOf(source, last.pos);
    throw new TemplateParseError(`template: ${name}:${last.line}: ${message}`, last.line, column);
  };
  const next = (): Item => (last = items[i++] ?? { typ: T.EOF, pos: source.length, val: "", line: last.line });
  const backup = () => {
    i--;
  };
  const peek = (): Item => items[i] ?? { typ: T.EOF, pos: source.length, val: "", line: last.line };
  const nextNonSpace = (): Item => {
    let t = next();
    while (t.typ === T.Space) t = next();
    return t;
  };
  const peekNonSpace = (): Item => {
    const t = nextNonSpace();
    backup();
    return t;
  };
  const itemString = (t: Item): string => {
    if (t.typ === T.EOF) return "EOF";
    if (t.typ === T.Error) return t.val;
    if (t.typ > T.Keyword) return `<${t.val}>`;
    // Go's %.10q: the first ten characters, quoted.
    if (Buffer.byteLength(t.val, "utf8") > 10) return `${goQuote([...t.val].slice(0, 10).join(""))}...`;
    return goQuote(t.val);
  };
  const unexpected = (t: Item, context: string): never => {
    if (t.typ === T.Error) {
      let extra = "";
      if (actionLine !== 0 && actionLine !== t.line) {
        extra = ` in action started at ${name}:${actionLine}`;
        if (t.val.endsWith(" action")) extra = extra.slice(" in action".length);
      }
      return errorf(`${t.val}${extra}`);
    }
    return errorf(`unexpected ${itemString(t)} in ${context}`);
  };
  const expect = (typ: T, context: string): Item => {
    const t = nextNonSpace();
    if (t.typ !== typ) unexpected(t, context);
    return t;
  };
  const enter = () => {
    if (++depth > MAX_NESTING) errorf(`nesting deeper than ${MAX_NESTING} levels`);
  };

  const list = (pos: number): ListNode => ({ type: "list", pos, nodes: [] });

  // itemList: nodes until {{end}} or {{else}}.
  const itemList = (): [ListNode, Node] => {
    const l = list(peekNonSpace().pos);
    while (peekNonSpace().typ !== T.EOF) {
      const n = textOrAction();
      if (n.type === "end" || n.type === "else") return [l, n];
      l.nodes.push(n);
    }
    return errorf("unexpected EOF");
  };

  const textOrAction = (): Node => {
    const t = nextNonSpace();
    switch (t.typ) {
      case T.Text:
        return { type: "text", pos: t.pos, text: t.val };
      case T.LeftDelim: {
        const saved = actionLine;
        actionLine = t.line;
        try {
          return action();
        } finally {
          actionLine = saved;
        }
      }
      case T.Comment:
        return { type: "comment", pos: t.pos, text: t.val };
    }
    return unexpected(t, "input");
  };

  const action = (): Node => {
    const t = nextNonSpace();
    switch (t.typ) {
      case T.Block:
        return blockControl();
      case T.Break:
        return loopControl("break", t);
      case T.Continue:
        return loopControl("continue", t);
      case T.Else:
        return elseControl();
      case T.End: {
        const e = expect(T.RightDelim, "end");
        return { type: "end", pos: e.pos };
      }
      case T.If:
        return ifControl("if");
      case T.Range:
        return rangeControl();
      case T.Template:
        return templateControl();
      case T.With:
        return ifControl("with");
    }
    backup();
    const p = peek();
    return { type: "action", pos: p.pos, line: p.line, pipe: pipeline("command", T.RightDelim) };
  };

  const loopControl = (kind: "break" | "continue", t: Item): Node => {
    const after = nextNonSpace();
    if (after.typ !== T.RightDelim) unexpected(after, `{{${kind}}}`);
    if (rangeDepth === 0) errorf(`{{${kind}}} outside {{range}}`);
    return { type: kind, pos: t.pos };
  };

  const elseControl = (): Node => {
    const p = peekNonSpace();
    if (p.typ === T.If || p.typ === T.With) return { type: "else", pos: p.pos };
    const t = expect(T.RightDelim, "else");
    return { type: "else", pos: t.pos };
  };

  const parseControl = (context: "if" | "with" | "range") => {
    const mark = vars.length;
    enter();
    try {
      const pipe = pipeline(context, T.RightDelim);
      if (context === "range") rangeDepth++;
      let [body, nextNode] = itemList();
      if (context === "range") rangeDepth--;
      let elseList: ListNode | null = null;
      if (nextNode.type === "else") {
        if (context === "if" && peek().typ === T.If) {
          next();
          elseList = list(nextNode.pos);
          elseList.nodes.push(ifControl("if"));
        } else if (context === "with" && peek().typ === T.With) {
          next();
          elseList = list(nextNode.pos);
          elseList.nodes.push(ifControl("with"));
        } else {
          [elseList, nextNode] = itemList();
          if (nextNode.type !== "end") errorf(`expected end; found ${nodeString(nextNode)}`);
        }
      }
      return { pipe, body, elseList };
    } finally {
      depth--;
      vars = vars.slice(0, mark);
    }
  };

  const ifControl = (kind: "if" | "with"): Node => {
    const { pipe, body, elseList } = parseControl(kind);
    return { type: kind, pos: pipe.pos, line: pipe.line, pipe, list: body, elseList };
  };

  const rangeControl = (): Node => {
    const { pipe, body, elseList } = parseControl("range");
    return { type: "range", pos: pipe.pos, line: pipe.line, pipe, list: body, elseList };
  };

  const unquote = (t: Item): string => {
    const s = t.typ === T.RawString ? t.val.slice(1, -1).replace(/\r/g, "") : unquoteGo(t.val);
    if (s === undefined) errorf("invalid syntax");
    return s!;
  };

  const parseTemplateName = (t: Item, context: string): string => {
    if (t.typ === T.String || t.typ === T.RawString) return unquote(t);
    return unexpected(t, context);
  };

  const defineTree = (defName: string, root: ListNode) => {
    const existing = trees.get(defName);
    if (existing && !isEmptyTree(existing)) {
      if (!isEmptyTree(root)) errorf(`template: multiple definition of template ${goQuote(defName)}`);
      return;
    }
    trees.set(defName, root);
  };

  const subTree = (context: string): ListNode => {
    const outerVars = vars;
    const outerRange = rangeDepth;
    vars = ["$"];
    rangeDepth = 0;
    try {
      const [root, end] = itemList();
      if (end.type !== "end") errorf(`unexpected ${nodeString(end)} in ${context}`);
      return root;
    } finally {
      vars = outerVars;
      rangeDepth = outerRange;
    }
  };

  const blockControl = (): Node => {
    const context = "block clause";
    const t = nextNonSpace();
    const blockName = parseTemplateName(t, context);
    const pipe = pipeline(context, T.RightDelim);
    enter();
    const root = subTree(context);
    depth--;
    defineTree(blockName, root);
    return { type: "template", pos: t.pos, line: t.line, name: blockName, pipe } satisfies TemplateNode;
  };

  const templateControl = (): Node => {
    const context = "template clause";
    const t = nextNonSpace();
    const tmplName = parseTemplateName(t, context);
    let pipe: PipeNode | null = null;
    if (nextNonSpace().typ !== T.RightDelim) {
      backup();
      pipe = pipeline(context, T.RightDelim);
    }
    return { type: "template", pos: t.pos, line: t.line, name: tmplName, pipe };
  };

  const pipeline = (context: string, end: T): PipeNode => {
    const t = peekNonSpace();
    const pipe: PipeNode = { type: "pipe", pos: t.pos, line: t.line, isAssign: false, decl: [], cmds: [] };
    for (;;) {
      const v = peekNonSpace();
      const vAt = i;
      if (v.typ !== T.Variable) break;
      nextNonSpace();
      const nxt = peekNonSpace();
      if (nxt.typ === T.Assign || nxt.typ === T.Declare) {
        pipe.isAssign = nxt.typ === T.Assign;
        nextNonSpace();
        pipe.decl.push({ type: "variable", pos: v.pos, ident: [v.val] });
        vars.push(v.val);
      } else if (nxt.typ === T.Char && nxt.val === ",") {
        nextNonSpace();
        pipe.decl.push({ type: "variable", pos: v.pos, ident: [v.val] });
        vars.push(v.val);
        if (context === "range" && pipe.decl.length < 2) {
          const p = peekNonSpace().typ;
          if (p === T.Variable || p === T.RightDelim || p === T.RightParen) continue;
          errorf("range can only initialize variables");
        }
        errorf(`too many declarations in ${context}`);
      } else {
        // "$x foo" or "$x": $x is an argument, not a declaration.
        i = vAt;
      }
      break;
    }
    for (;;) {
      const tok = nextNonSpace();
      if (tok.typ === end) {
        checkPipeline(pipe, context);
        return pipe;
      }
      switch (tok.typ) {
        case T.Bool:
        case T.CharConstant:
        case T.Complex:
        case T.Dot:
        case T.Field:
        case T.Identifier:
        case T.Number:
        case T.Nil:
        case T.RawString:
        case T.String:
        case T.Variable:
        case T.LeftParen:
          backup();
          pipe.cmds.push(command());
          break;
        default:
          unexpected(tok, context);
      }
    }
  };

  const checkPipeline = (pipe: PipeNode, context: string) => {
    if (pipe.cmds.length === 0) errorf(`missing value for ${context}`);
    pipe.cmds.slice(1).forEach((c, k) => {
      const t = c.args[0]!.type;
      if (t === "bool" || t === "dot" || t === "nil" || t === "number" || t === "string")
        errorf(`non executable command in pipeline stage ${k + 2}`);
    });
  };

  const command = (): CommandNode => {
    const cmd: CommandNode = { type: "command", pos: peekNonSpace().pos, args: [] };
    for (;;) {
      peekNonSpace();
      const op = operand();
      if (op) cmd.args.push(op);
      const t = next();
      if (t.typ === T.Space) continue;
      if (t.typ === T.RightDelim || t.typ === T.RightParen) backup();
      else if (t.typ !== T.Pipe) unexpected(t, "operand");
      break;
    }
    if (cmd.args.length === 0) errorf("empty command");
    return cmd;
  };

  const operand = (): ArgNode | null => {
    let node = term();
    if (!node) return null;
    if (peek().typ === T.Field) {
      const chain: ChainNode = { type: "chain", pos: peek().pos, node, field: [] };
      while (peek().typ === T.Field) chain.field.push(next().val.slice(1));
      switch (node.type) {
        case "field":
          node = { type: "field", pos: chain.pos, ident: [...node.ident, ...chain.field] };
          break;
        case "variable":
          node = { type: "variable", pos: chain.pos, ident: [...node.ident, ...chain.field] };
          break;
        case "bool":
        case "string":
        case "number":
        case "nil":
        case "dot":
          errorf(`unexpected . after term ${goQuote(nodeString(node))}`);
          break;
        default:
          node = chain;
      }
    }
    return node;
  };

  const term = (): ArgNode | null => {
    const t = nextNonSpace();
    switch (t.typ) {
      case T.Identifier:
        if (!hasFunction(t.val)) errorf(`function ${goQuote(t.val)} not defined`);
        return { type: "identifier", pos: t.pos, ident: t.val };
      case T.Dot:
        return { type: "dot", pos: t.pos };
      case T.Nil:
        return { type: "nil", pos: t.pos };
      case T.Variable: {
        const v: VariableNode = { type: "variable", pos: t.pos, ident: t.val.split(".") };
        if (!vars.includes(v.ident[0]!)) errorf(`undefined variable ${goQuote(v.ident[0]!)}`);
        return v;
      }
      case T.Field:
        return { type: "field", pos: t.pos, ident: t.val.slice(1).split(".") };
      case T.Bool:
        return { type: "bool", pos: t.pos, value: t.val === "true" };
      case T.CharConstant:
      case T.Complex:
      case T.Number:
        return { type: "number", pos: t.pos, text: t.val, ideal: numberValue(t) };
      case T.LeftParen: {
        enter();
        const p = pipeline("parenthesized pipeline", T.RightParen);
        depth--;
        return p;
      }
      case T.String:
      case T.RawString:
        return { type: "string", pos: t.pos, quoted: t.val, text: unquote(t) };
    }
    backup();
    return null;
  };

  const numberValue = (t: Item): GoValue | { error: string } => {
    const r = parseNumber(t.val, t.typ === T.CharConstant, t.typ === T.Complex);
    if ("syntax" in r) return errorf(r.syntax);
    return r.value;
  };

  {
    const root = list(peek().pos);
    while (peek().typ !== T.EOF) {
      if (peek().typ === T.LeftDelim) {
        const delimAt = i;
        next();
        if (nextNonSpace().typ === T.Define) {
          const context = "define clause";
          const nameTok = nextNonSpace();
          if (nameTok.typ !== T.String && nameTok.typ !== T.RawString) unexpected(nameTok, context);
          const defName = unquote(nameTok);
          expect(T.RightDelim, context);
          defineTree(defName, subTree(context));
          continue;
        }
        i = delimAt;
      }
      const n = textOrAction();
      if (n.type === "end" || n.type === "else") errorf(`unexpected ${nodeString(n)}`);
      root.nodes.push(n);
    }
    defineTree(name, root);
  }
  return { trees, source, name };
}

function isEmptyTree(n: Node): boolean {
  switch (n.type) {
    case "list":
      return n.nodes.every(isEmptyTree);
    case "text":
      return n.text.trim().length === 0;
    case "comment":
      return true;
    default:
      return false;
  }
}

/** Column of a position, as Go reports it: the byte offset within its line (0-based on every line). */
export function columnOf(source: string, pos: number): number {
  const before = source.slice(0, pos);
  const nl = before.lastIndexOf("\n");
  return Buffer.byteLength(nl < 0 ? before : before.slice(nl + 1), "utf8");
}

const HEX = /^[0-9a-fA-F]$/;

/**
 * One character or escape at the start of s, as strconv.UnquoteChar reads it inside a literal quoted by `quote`:
 * its code point, or a byte value (\x and octal escapes in a string), and what follows; undefined when invalid.
 */
function unquoteChar(s: string, quote: string): { value: number; byte: boolean; tail: string } | undefined {
  const c = s[0];
  if (c === undefined || c === quote) return undefined;
  if (c !== "\\") {
    const ch = String.fromCodePoint(s.codePointAt(0)!);
    return { value: ch.codePointAt(0)!, byte: false, tail: s.slice(ch.length) };
  }
  if (s.length <= 1) return undefined;
  const e = s[1]!;
  const rest = s.slice(2);
  const simple: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, "\\": 92 };
  if (e in simple) return { value: simple[e]!, byte: false, tail: rest };
  if (e === "x" || e === "u" || e === "U") {
    const n = e === "x" ? 2 : e === "u" ? 4 : 8;
    const digits = rest.slice(0, n);
    if (digits.length < n || ![...digits].every((d) => HEX.test(d))) return undefined;
    const v = parseInt(digits, 16);
    if (e === "x") return { value: v, byte: quote !== "'", tail: rest.slice(n) };
    if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return undefined;
    return { value: v, byte: false, tail: rest.slice(n) };
  }
  if (e >= "0" && e <= "7") {
    const digits = s.slice(1, 4);
    if (!/^[0-7]{3}$/.test(digits) || parseInt(digits, 8) > 255) return undefined;
    return { value: parseInt(digits, 8), byte: quote !== "'", tail: s.slice(4) };
  }
  if (e === "'" || e === '"') return e === quote ? { value: e.charCodeAt(0), byte: false, tail: rest } : undefined;
  return undefined;
}

/** strconv.Unquote for a double-quoted Go string literal; undefined when invalid. Escaped bytes form UTF-8. */
export function unquoteGo(quoted: string): string | undefined {
  let body = quoted.slice(1, -1);
  const bytes: number[] = [];
  while (body.length > 0) {
    if (body[0] === "\n") return undefined;
    const r = unquoteChar(body, '"');
    if (!r) return undefined;
    if (r.byte) bytes.push(r.value);
    else bytes.push(...Buffer.from(String.fromCodePoint(r.value), "utf8"));
    body = r.tail;
  }
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array(bytes));
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

/** strconv's underscoreOK: underscores only between digits, or right after a base prefix. */
function underscoreOK(text: string): boolean {
  let s = text;
  let saw = "^";
  let i = 0;
  if (s[0] === "+" || s[0] === "-") s = s.slice(1);
  let hex = false;
  if (s.length >= 2 && s[0] === "0" && "bBoOxX".includes(s[1]!)) {
    i = 2;
    saw = "0";
    hex = s[1] === "x" || s[1] === "X";
  }
  for (; i < s.length; i++) {
    const c = s[i]!;
    if ((c >= "0" && c <= "9") || (hex && HEX.test(c))) {
      saw = "0";
      continue;
    }
    if (c === "_") {
      if (saw !== "0") return false;
      saw = "_";
      continue;
    }
    if (saw === "_") return false;
    saw = "!";
  }
  return saw !== "_";
}

/** strconv.ParseUint(text, 0, 64): undefined on a syntax error or overflow. */
function parseUint(text: string): bigint | undefined {
  let s = text;
  if (s === "") return undefined;
  let base = 10;
  if (s[0] === "0") {
    if (s.length >= 3 && "bB".includes(s[1]!)) [base, s] = [2, s.slice(2)];
    else if (s.length >= 3 && "oO".includes(s[1]!)) [base, s] = [8, s.slice(2)];
    else if (s.length >= 3 && "xX".includes(s[1]!)) [base, s] = [16, s.slice(2)];
    else [base, s] = [8, s.slice(1)];
  }
  let n = 0n;
  let underscores = false;
  for (const c of s) {
    if (c === "_") {
      underscores = true;
      continue;
    }
    const d = parseInt(c, 36);
    if (Number.isNaN(d) || d >= base) return undefined;
    n = n * BigInt(base) + BigInt(d);
  }
  if (underscores && !underscoreOK(text)) return undefined;
  return n > UINT64_MAX ? undefined : n;
}

/** strconv.ParseInt(text, 0, 64): undefined on a syntax error or overflow. */
function parseInt64(text: string): bigint | undefined {
  const neg = text[0] === "-";
  const u = parseUint(text[0] === "+" || text[0] === "-" ? text.slice(1) : text);
  if (u === undefined) return undefined;
  const v = neg ? -u : u;
  return v > INT64_MAX || v < INT64_MIN ? undefined : v;
}

/** strconv.ParseFloat(text, 64): undefined on a syntax error or when out of range (±Inf). */
function parseFloat64(text: string): number | undefined {
  let s = text;
  let neg = false;
  if (s[0] === "+" || s[0] === "-") {
    neg = s[0] === "-";
    s = s.slice(1);
  }
  let v: number;
  const hex = /^0[xX]([0-9a-fA-F_]*)(?:\.([0-9a-fA-F_]*))?[pP]([+-]?[0-9_]+)$/.exec(s);
  if (hex) {
    const int = hex[1]!.replace(/_/g, "");
    const frac = (hex[2] ?? "").replace(/_/g, "");
    if (int === "" && frac === "") return undefined;
    const mant = BigInt("0x" + (int + frac || "0"));
    v = Number(mant) * 2 ** (Number(hex[3]!.replace(/_/g, "")) - 4 * frac.length);
  } else {
    if (!/^([0-9_]+\.?[0-9_]*|\.[0-9_]+)([eE][+-]?[0-9_]+)?$/.test(s) || !/[0-9]/.test(s.split(/[eE]/)[0]!))
      return undefined;
    v = Number(s.replace(/_/g, ""));
  }
  if (s.includes("_") && !underscoreOK(text)) return undefined;
  if (Number.isNaN(v) || !Number.isFinite(v)) return undefined;
  return neg ? -v : v;
}

/** The value of a number literal where no type is imposed (Go's newNumber, then idealConstant), or a syntax error. */
export function parseNumber(
  text: string,
  isChar: boolean,
  isComplex: boolean,
): { value: GoValue | { error: string } } | { syntax: string } {
  if (isChar) {
    const r = unquoteChar(text.slice(1), "'");
    if (!r) return { syntax: "invalid syntax" };
    if (r.tail !== "'") return { syntax: `malformed character constant: ${text}` };
    return { value: new GoInt(r.value) };
  }
  if (isComplex) {
    const m = /^([+-]?[^+-]+(?:[eEpP][+-]?\d+)?)([+-].*)i$/.exec(text);
    const re = m ? parseFloat64(m[1]!) : undefined;
    const im = m ? parseFloat64(m[2]!) : undefined;
    if (re === undefined || im === undefined) return { syntax: `illegal number syntax: ${goQuote(text)}` };
    return { value: new GoComplex(re, im) };
  }
  if (text.endsWith("i")) {
    const im = parseFloat64(text.slice(0, -1));
    if (im !== undefined) return { value: new GoComplex(0, im) };
  }
  const asUint = parseUint(text);
  const asInt = parseInt64(text);
  let isFloat = asInt !== undefined || asUint !== undefined;
  let float = asInt !== undefined ? Number(asInt) : asUint !== undefined ? Number(asUint) : 0;
  if (!isFloat) {
    const f = parseFloat64(text);
    if (f !== undefined) {
      if (!/[.eEpP]/.test(text)) return { syntax: `integer overflow: ${goQuote(text)}` };
      isFloat = true;
      float = f;
    }
  }
  if (asInt === undefined && asUint === undefined && !isFloat)
    return { syntax: `illegal number syntax: ${goQuote(text)}` };
  const isHexInt = text.length > 2 && text[0] === "0" && (text[1] === "x" || text[1] === "X") && !/[pP]/.test(text);
  if (isFloat && !isHexInt && /[.eEpP]/.test(text)) return { value: float };
  // An integer-valued float (0x1p4 has a p, so it stays a float above) still converts to an int.
  const int = asInt ?? (Number.isInteger(float) && asUint === undefined ? BigInt(float) : undefined);
  if (int !== undefined && int >= INT64_MIN && int <= INT64_MAX) {
    const n = Number(int);
    return { value: Number.isSafeInteger(n) ? new GoInt(n) : new GoInt(n, "int", int) };
  }
  return { value: { error: `${text} overflows int` } };
}
