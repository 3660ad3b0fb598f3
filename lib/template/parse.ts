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
    if (t.val.length > 10) return `${goQuote(t.val).slice(0, 11)}..."`.replace(/\.\.\."$/, '"...');
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
    decls: for (;;) {
      const v = peekNonSpace();
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
          if (p === T.Variable || p === T.RightDelim || p === T.RightParen) continue decls;
          errorf("range can only initialize variables");
        }
        errorf(`too many declarations in ${context}`);
      } else {
        // "$x foo" or "$x": $x is an argument, not a declaration.
        rewindTo(v);
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

  const rewindTo = (item: Item) => {
    i = items.indexOf(item);
  };

  const checkPipeline = (pipe: PipeNode, context: string) => {
    if (pipe.cmds.length === 0) errorf(`missing value for ${context}`);
    pipe.cmds.slice(1).forEach((c, k) => {
      const t = c.args[0]!.type;
      if (t === "bool" || t === "dot" || t === "nil" || t === "number" || t === "string") errorf(`non executable command in pipeline stage ${k + 2}`);
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
        const delim = next();
        if (nextNonSpace().typ === T.Define) {
          const context = "define clause";
          const nameTok = nextNonSpace();
          if (nameTok.typ !== T.String && nameTok.typ !== T.RawString) unexpected(nameTok, context);
          const defName = unquote(nameTok);
          expect(T.RightDelim, context);
          defineTree(defName, subTree(context));
          continue;
        }
        rewindTo(delim);
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

/** strconv.Unquote for a double-quoted Go string literal; undefined when invalid. */
export function unquoteGo(quoted: string): string | undefined {
  const body = quoted.slice(1, -1);
  let out = "";
  for (let k = 0; k < body.length; k++) {
    const c = body[k]!;
    if (c !== "\\") {
      if (c === '"' || c === "\n") return undefined;
      out += c;
      continue;
    }
    const e = body[++k];
    switch (e) {
      case "a":
        out += "\u0007";
        break;
      case "b":
        out += "\b";
        break;
      case "f":
        out += "\f";
        break;
      case "n":
        out += "\n";
        break;
      case "r":
        out += "\r";
        break;
      case "t":
        out += "\t";
        break;
      case "v":
        out += "\v";
        break;
      case "\\":
        out += "\\";
        break;
      case '"':
        out += '"';
        break;
      case "x": {
        const h = body.slice(k + 1, k + 3);
        if (!/^[0-9a-fA-F]{2}$/.test(h)) return undefined;
        out += byteChar(parseInt(h, 16));
        k += 2;
        break;
      }
      case "u":
      case "U": {
        const len = e === "u" ? 4 : 8;
        const h = body.slice(k + 1, k + 1 + len);
        if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(h)) return undefined;
        const cp = parseInt(h, 16);
        if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return undefined;
        out += String.fromCodePoint(cp);
        k += len;
        break;
      }
      default: {
        if (e !== undefined && e >= "0" && e <= "7") {
          const o = body.slice(k, k + 3);
          if (!/^[0-7]{3}$/.test(o) || parseInt(o, 8) > 255) return undefined;
          out += byteChar(parseInt(o, 8));
          k += 2;
          break;
        }
        return undefined;
      }
    }
  }
  return out;
}

// A \x or octal escape is a byte; bytes above 0x7f on their own are not valid UTF-8 and print as U+FFFD.
const byteChar = (b: number) => (b < 0x80 ? String.fromCharCode(b) : "\ufffd");

function unquoteChar(text: string): number | undefined {
  const inner = text.slice(1, -1);
  if (inner.length === 0) return undefined;
  if (inner[0] !== "\\") {
    const chars = [...inner];
    return chars.length === 1 ? chars[0]!.codePointAt(0) : undefined;
  }
  if (inner === "\\'") return 39;
  if (inner === '\\"') return undefined;
  const s = unquoteGo(`"${inner}"`);
  if (s === undefined || [...s].length !== 1) return undefined;
  return s.codePointAt(0);
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const UINT64_MAX = 2n ** 64n - 1n;

/** Go integer literal syntax for ParseInt(text, 0, 64). */
function parseIntLiteral(text: string): bigint | undefined {
  let s = text;
  let neg = false;
  if (s[0] === "+" || s[0] === "-") {
    neg = s[0] === "-";
    s = s.slice(1);
  }
  let base = 10;
  let prefixed = false;
  if (/^0[xX]/.test(s)) [base, s, prefixed] = [16, s.slice(2), true];
  else if (/^0[oO]/.test(s)) [base, s, prefixed] = [8, s.slice(2), true];
  else if (/^0[bB]/.test(s)) [base, s, prefixed] = [2, s.slice(2), true];
  else if (s.length > 1 && s[0] === "0") [base, s] = [8, s.slice(1)];
  if (s.includes("_")) {
    // Underscores only between digits (or right after a base prefix).
    if (/__|_$/.test(s) || (!prefixed && s[0] === "_")) return undefined;
    s = s.replace(/_/g, "");
  }
  if (s === "") return undefined;
  const digits = "0123456789abcdef".slice(0, base);
  for (const ch of s.toLowerCase()) if (!digits.includes(ch)) return undefined;
  const prefix = base === 16 ? "0x" : base === 8 ? "0o" : base === 2 ? "0b" : "";
  const v = BigInt(prefix + s.toLowerCase());
  return neg ? -v : v;
}

/** The value of a number literal where no type is imposed (Go's idealConstant), or a syntax error. */
export function parseNumber(text: string, isChar: boolean, isComplex: boolean): { value: GoValue | { error: string } } | { syntax: string } {
  if (isChar) {
    const cp = unquoteChar(text);
    if (cp === undefined) return { syntax: `malformed character constant: ${text}` };
    return { value: new GoInt(cp) };
  }
  if (isComplex || text.endsWith("i")) {
    const m = /^([+-]?[^+-]+(?:[eEpP][+-]?\d+)?)?([+-][^i]*)?i$/.exec(text);
    if (!isComplex && text.endsWith("i")) {
      const im = Number(text.slice(0, -1).replace(/_/g, ""));
      if (Number.isNaN(im)) return { syntax: `illegal number syntax: ${goQuote(text)}` };
      return { value: im === 0 ? new GoInt(0) : new GoComplex(0, im) };
    }
    if (!m) return { syntax: `illegal number syntax: ${goQuote(text)}` };
    return { value: new GoComplex(Number(m[1] ?? 0), Number((m[2] ?? "0").replace(/_/g, ""))) };
  }
  const asInt = parseIntLiteral(text);
  const isHexInt = /^[+-]?0[xX]/.test(text) && !/[pP]/.test(text);
  if (asInt !== undefined) {
    if (asInt > INT64_MAX || asInt < INT64_MIN) {
      if (asInt <= UINT64_MAX && asInt >= 0n) return { value: { error: `${text} overflows int` } };
      return { syntax: `integer overflow: ${goQuote(text)}` };
    }
    return { value: new GoInt(Number(asInt)) };
  }
  const f = parseFloatLiteral(text);
  if (f === undefined) return { syntax: `illegal number syntax: ${goQuote(text)}` };
  if (!/[.eEpP]/.test(text)) return { syntax: `integer overflow: ${goQuote(text)}` };
  if (isHexInt) return { value: new GoInt(f) };
  return { value: f };
}

function parseFloatLiteral(text: string): number | undefined {
  let s = text.replace(/_/g, "");
  if (/^[+-]?0[xX]/.test(s)) {
    const m = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/.exec(s);
    if (!m || (m[2] === "" && !m[3])) return undefined;
    const mant = parseInt((m[2] || "0") + (m[3] ?? ""), 16) / 16 ** (m[3]?.length ?? 0);
    const v = mant * 2 ** Number(m[4]);
    return m[1] === "-" ? -v : v;
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return undefined;
  s = s.replace(/^\+/, "");
  const v = Number(s);
  return Number.isNaN(v) ? undefined : v;
}
