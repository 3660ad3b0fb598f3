// Lexer for Go text/template source: Go's own state machine (text/template/parse/lex.go), so tokens, trim markers
// and error messages match.
import { isPrint, quote } from "./strconv.ts";

export enum T {
  Error,
  Bool,
  Char,
  CharConstant,
  Comment,
  Complex,
  Assign,
  Declare,
  EOF,
  Field,
  Identifier,
  LeftDelim,
  LeftParen,
  Number,
  Pipe,
  RawString,
  RightDelim,
  RightParen,
  Space,
  String,
  Text,
  Variable,
  Keyword, // markers below are keywords
  Block,
  Break,
  Continue,
  Dot,
  Define,
  Else,
  End,
  If,
  Nil,
  Range,
  Template,
  With,
}

export interface Item {
  typ: T;
  /** Offset of the item in the source (UTF-16 index). */
  pos: number;
  val: string;
  line: number;
}

const KEYWORDS = new Map<string, T>([
  [".", T.Dot],
  ["block", T.Block],
  ["break", T.Break],
  ["continue", T.Continue],
  ["define", T.Define],
  ["else", T.Else],
  ["end", T.End],
  ["if", T.If],
  ["range", T.Range],
  ["nil", T.Nil],
  ["template", T.Template],
  ["with", T.With],
]);

const LEFT = "{{";
const RIGHT = "}}";
const EOF = "";

const isSpace = (r: string) => r === " " || r === "\t" || r === "\r" || r === "\n";
const isAlphaNumeric = (r: string) => r === "_" || (r !== EOF && /^[\p{L}\p{Nd}]$/u.test(r));
const hasLeftTrimMarker = (s: string, at: number) => s[at] === "-" && isSpace(s[at + 1] ?? EOF);
const hasRightTrimMarker = (s: string, at: number) => isSpace(s[at] ?? EOF) && s[at + 1] === "-";

/** Go's %#U: U+0041 'A' for printable characters, U+0007 otherwise. */
export function formatRune(r: string): string {
  if (r === EOF) return "U+FFFFFFFFFFFFFFFF";
  const cp = r.codePointAt(0)!;
  const hex = cp.toString(16).toUpperCase().padStart(4, "0");
  return isPrint(cp) ? `U+${hex} '${r}'` : `U+${hex}`;
}

export function lex(
  input: string,
  options: { breakOK: boolean; continueOK: boolean } = { breakOK: true, continueOK: true },
): Item[] {
  const items: Item[] = [];
  let pos = 0;
  let start = 0;
  let line = 1;
  let startLine = 1;
  let parenDepth = 0;
  let insideAction = false;
  let width = 0;

  const next = (): string => {
    if (pos >= input.length) {
      width = 0;
      return EOF;
    }
    const r = String.fromCodePoint(input.codePointAt(pos)!);
    width = r.length;
    pos += width;
    if (r === "\n") line++;
    return r;
  };
  const backup = () => {
    if (width > 0) {
      pos -= width;
      if (input[pos] === "\n") line--;
    }
  };
  const peek = (): string => (pos < input.length ? String.fromCodePoint(input.codePointAt(pos)!) : EOF);
  const emit = (typ: T) => {
    items.push({ typ, pos: start, val: input.slice(start, pos), line: startLine });
    start = pos;
    startLine = line;
  };
  const ignore = () => {
    line += count(input, start, pos);
    start = pos;
    startLine = line;
  };
  const skipTo = (to: number) => {
    line += count(input, pos, to);
    pos = to;
  };
  const errorf = (message: string): null => {
    items.push({ typ: T.Error, pos: start, val: message, line: startLine });
    return null;
  };
  const accept = (valid: string) => {
    const r = next();
    if (r !== EOF && valid.includes(r)) return true;
    backup();
    return false;
  };
  const acceptRun = (valid: string) => {
    for (let r = next(); r !== EOF && valid.includes(r); r = next());
    backup();
  };
  const atRightDelim = (): [boolean, boolean] => {
    if (hasRightTrimMarker(input, pos) && input.startsWith(RIGHT, pos + 2)) return [true, true];
    if (input.startsWith(RIGHT, pos)) return [true, false];
    return [false, false];
  };
  const leftTrimLength = (from: number) => {
    let n = from;
    while (n < input.length && isSpace(input[n]!)) n++;
    return n - from;
  };
  const atTerminator = (): boolean => {
    const r = peek();
    if (isSpace(r)) return true;
    if (r === EOF || ".,|:)(".includes(r)) return true;
    return input.startsWith(RIGHT, pos);
  };

  type State = () => State | null;

  const lexText: State = () => {
    const x = input.indexOf(LEFT, pos);
    if (x >= 0) {
      if (x > pos) {
        let end = x;
        if (hasLeftTrimMarker(input, x + LEFT.length)) {
          while (end > start && isSpace(input[end - 1]!)) end--;
        }
        const text = input.slice(start, end);
        line += count(input, start, end);
        if (text.length > 0) items.push({ typ: T.Text, pos: start, val: text, line: startLine });
        line += count(input, end, x);
        pos = x;
        start = pos;
        startLine = line;
      }
      return lexLeftDelim;
    }
    skipTo(input.length);
    if (pos > start) {
      items.push({ typ: T.Text, pos: start, val: input.slice(start, pos), line: startLine });
      start = pos;
      startLine = line;
    }
    emit(T.EOF);
    return null;
  };

  const lexLeftDelim: State = () => {
    pos += LEFT.length;
    const trimSpace = hasLeftTrimMarker(input, pos);
    const afterMarker = trimSpace ? 2 : 0;
    if (input.startsWith("/*", pos + afterMarker)) {
      pos += afterMarker;
      ignore();
      return lexComment;
    }
    items.push({ typ: T.LeftDelim, pos: start, val: LEFT, line: startLine });
    insideAction = true;
    pos += afterMarker;
    ignore();
    parenDepth = 0;
    return lexInsideAction;
  };

  const lexComment: State = () => {
    pos += 2;
    const x = input.indexOf("*/", pos);
    if (x < 0) return errorf("unclosed comment");
    pos = x + 2;
    const [delim, trimSpace] = atRightDelim();
    if (!delim) return errorf("comment ends before closing delimiter");
    line += count(input, start, pos);
    emit(T.Comment);
    if (trimSpace) pos += 2;
    pos += RIGHT.length;
    if (trimSpace) pos += leftTrimLength(pos);
    ignore();
    return lexText;
  };

  const lexRightDelim: State = () => {
    const [, trimSpace] = atRightDelim();
    if (trimSpace) {
      pos += 2;
      ignore();
    }
    pos += RIGHT.length;
    emit(T.RightDelim);
    if (trimSpace) {
      pos += leftTrimLength(pos);
      ignore();
    }
    insideAction = false;
    return lexText;
  };

  const lexInsideAction: State = () => {
    const [delim] = atRightDelim();
    if (delim) {
      if (parenDepth === 0) return lexRightDelim;
      return errorf("unclosed left paren");
    }
    const r = next();
    if (r === EOF) return errorf("unclosed action");
    if (isSpace(r)) {
      backup();
      return lexSpace;
    }
    switch (r) {
      case "=":
        emit(T.Assign);
        return lexInsideAction;
      case ":":
        if (next() !== "=") return errorf("expected :=");
        emit(T.Declare);
        return lexInsideAction;
      case "|":
        emit(T.Pipe);
        return lexInsideAction;
      case '"':
        return lexQuote;
      case "`":
        return lexRawQuote;
      case "$":
        return lexVariable;
      case "'":
        return lexChar;
      case "(":
        parenDepth++;
        emit(T.LeftParen);
        return lexInsideAction;
      case ")":
        parenDepth--;
        if (parenDepth < 0) return errorf("unexpected right paren");
        emit(T.RightParen);
        return lexInsideAction;
    }
    if (r === ".") {
      if (pos < input.length) {
        const c = input[pos]!;
        if (c < "0" || c > "9") return lexField;
      }
      backup();
      return lexNumber;
    }
    if (r === "+" || r === "-" || (r >= "0" && r <= "9")) {
      backup();
      return lexNumber;
    }
    if (isAlphaNumeric(r)) {
      backup();
      return lexIdentifier;
    }
    if (r.codePointAt(0)! <= 0x7f && r >= " " && r !== "\u007f") {
      emit(T.Char);
      return lexInsideAction;
    }
    return errorf(`unrecognized character in action: ${formatRune(r)}`);
  };

  const lexSpace: State = () => {
    let numSpaces = 0;
    while (isSpace(peek())) {
      next();
      numSpaces++;
    }
    // A trim-marked closing delimiter has a minus after a space.
    if (hasRightTrimMarker(input, pos - 1) && input.startsWith(RIGHT, pos - 1 + 2)) {
      backup();
      if (numSpaces === 1) return lexRightDelim;
    }
    emit(T.Space);
    return lexInsideAction;
  };

  const lexIdentifier: State = () => {
    let r: string;
    for (r = next(); isAlphaNumeric(r); r = next());
    backup();
    const word = input.slice(start, pos);
    if (!atTerminator()) return errorf(`bad character ${formatRune(r)}`);
    const key = KEYWORDS.get(word);
    if (key !== undefined && key > T.Keyword) {
      if ((key === T.Break && !options.breakOK) || (key === T.Continue && !options.continueOK)) emit(T.Identifier);
      else emit(key);
    } else if (word[0] === ".") emit(T.Field);
    else if (word === "true" || word === "false") emit(T.Bool);
    else emit(T.Identifier);
    return lexInsideAction;
  };

  const lexFieldOrVariable = (typ: T): State | null => {
    if (atTerminator()) {
      emit(typ === T.Variable ? T.Variable : T.Dot);
      return lexInsideAction;
    }
    let r: string;
    for (r = next(); isAlphaNumeric(r); r = next());
    backup();
    if (!atTerminator()) return errorf(`bad character ${formatRune(r)}`);
    emit(typ);
    return lexInsideAction;
  };
  const lexField: State = () => lexFieldOrVariable(T.Field);
  const lexVariable: State = () => {
    if (atTerminator()) {
      emit(T.Variable);
      return lexInsideAction;
    }
    return lexFieldOrVariable(T.Variable);
  };

  const lexChar: State = () => {
    for (;;) {
      let r = next();
      if (r === "\\") {
        r = next();
        if (r !== EOF && r !== "\n") continue;
      }
      if (r === EOF || r === "\n") return errorf("unterminated character constant");
      if (r === "'") break;
    }
    emit(T.CharConstant);
    return lexInsideAction;
  };

  const scanNumber = (): boolean => {
    accept("+-");
    let digits = "0123456789_";
    if (accept("0")) {
      if (accept("xX")) digits = "0123456789abcdefABCDEF_";
      else if (accept("oO")) digits = "01234567_";
      else if (accept("bB")) digits = "01_";
    }
    acceptRun(digits);
    if (accept(".")) acceptRun(digits);
    if (digits.length === 11 && accept("eE")) {
      accept("+-");
      acceptRun("0123456789_");
    }
    if (digits.length === 23 && accept("pP")) {
      accept("+-");
      acceptRun("0123456789_");
    }
    accept("i");
    if (isAlphaNumeric(peek())) {
      next();
      return false;
    }
    return true;
  };

  const lexNumber: State = () => {
    if (!scanNumber()) return errorf(`bad number syntax: ${goQuote(input.slice(start, pos))}`);
    const sign = peek();
    if (sign === "+" || sign === "-") {
      if (!scanNumber() || input[pos - 1] !== "i")
        return errorf(`bad number syntax: ${goQuote(input.slice(start, pos))}`);
      emit(T.Complex);
      return lexInsideAction;
    }
    emit(T.Number);
    return lexInsideAction;
  };

  const lexQuote: State = () => {
    for (;;) {
      let r = next();
      if (r === "\\") {
        r = next();
        if (r !== EOF && r !== "\n") continue;
      }
      if (r === EOF || r === "\n") return errorf("unterminated quoted string");
      if (r === '"') break;
    }
    emit(T.String);
    return lexInsideAction;
  };

  const lexRawQuote: State = () => {
    const startLineRaw = line;
    const x = input.indexOf("`", pos);
    if (x < 0) {
      line = startLineRaw;
      return errorf("unterminated raw quoted string");
    }
    skipTo(x + 1);
    emit(T.RawString);
    return lexInsideAction;
  };

  for (let state: State | null = insideAction ? lexInsideAction : lexText; state; ) state = state();
  return items;
}

/** Newlines in s[from:to] (a bounded scan: the lexer calls this for every item). */
function count(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (s.charCodeAt(i) === 10) n++;
  return n;
}

/** Go's %q for a string (used in messages). */
export function goQuote(s: string): string {
  return quote(s);
}
