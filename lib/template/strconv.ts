// Go's strconv quoting (Quote, QuoteToASCII, QuoteRune, CanBackquote) and unicode.IsPrint, as fmt's %q and the
// template error messages use them. Strings here are JS strings: a lone surrogate stands for what Go would hold
// after decoding JSON, U+FFFD.

const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

/** unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space (not other spaces). */
export function isPrint(cp: number): boolean {
  if (cp === 0x20) return true;
  if (cp < 0x20 || cp === 0x7f || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
  return PRINTABLE.test(String.fromCodePoint(cp));
}

/** The code points of a string, with lone surrogates as U+FFFD (what Go sees after decoding the JSON). */
export function runes(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    out.push(cp >= 0xd800 && cp <= 0xdfff ? 0xfffd : cp);
  }
  return out;
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");

function escapeRune(cp: number, quote: number, asciiOnly: boolean): string {
  if (cp === quote || cp === 0x5c) return "\\" + String.fromCodePoint(cp);
  if (asciiOnly ? cp < 0x80 && isPrint(cp) : isPrint(cp)) return String.fromCodePoint(cp);
  switch (cp) {
    case 7:
      return "\\a";
    case 8:
      return "\\b";
    case 12:
      return "\\f";
    case 10:
      return "\\n";
    case 13:
      return "\\r";
    case 9:
      return "\\t";
    case 11:
      return "\\v";
  }
  if (cp < 0x20 || cp === 0x7f) return "\\x" + hex(cp, 2);
  if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) cp = 0xfffd;
  return cp < 0x10000 ? "\\u" + hex(cp, 4) : "\\U" + hex(cp, 8);
}

/** strconv.Quote (asciiOnly: strconv.QuoteToASCII). */
export function quote(s: string, asciiOnly = false): string {
  let out = '"';
  for (const cp of runes(s)) out += escapeRune(cp, 0x22, asciiOnly);
  return out + '"';
}

/** strconv.QuoteRune (asciiOnly: QuoteRuneToASCII); code points outside Unicode become U+FFFD. */
export function quoteRune(cp: number, asciiOnly = false): string {
  if (cp < 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) cp = 0xfffd;
  return "'" + escapeRune(cp, 0x27, asciiOnly) + "'";
}

/** strconv.CanBackquote: one line, no backquote, no control characters but tab, no byte order mark. */
export function canBackquote(s: string): boolean {
  for (const cp of runes(s)) {
    if (cp === 0x60 || cp === 0xfeff) return false;
    if ((cp < 0x20 && cp !== 9) || cp === 0x7f) return false;
  }
  return true;
}
