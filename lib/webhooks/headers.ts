// Custom header rules, checked on save for webhook headers, secret headers and subscription headers.
import { invalid } from "../errors.ts";

/** Framing headers a custom header may never set; one stored before this check existed is skipped at delivery. */
export const RESERVED_HEADERS = new Set([
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "upgrade",
]);

export const MAX_HEADER_VALUE_BYTES = 8 * 1024;

// RFC 9110 token characters.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Control characters other than horizontal tab, which RFC 9110 allows inside a field value.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;
// What an HTTP/1.1 field value can carry on the wire (RFC 9110 §5.5): visible ASCII, space, tab and obs-text
// (one byte each, 0x80-0xFF). Anything beyond Latin-1 (U+2028, emoji, CJK) cannot be sent at all.
const NOT_SENDABLE = /[^\t\u0020-\u007e\u0080-\u00ff]/u;

export function checkHeaders(headers: Record<string, string>, field: string): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN.test(name)) throw invalid(`${field}: "${name.slice(0, 64)}" is not a valid HTTP header name`);
    if (RESERVED_HEADERS.has(name.toLowerCase()))
      throw invalid(`${field}: "${name}" is a reserved framing header and cannot be set`);
    if (CONTROL.test(value))
      throw invalid(`${field}: the value of "${name}" contains CR, LF or another control character`);
    const unsendable = NOT_SENDABLE.exec(value);
    if (unsendable) {
      const code = `U+${unsendable[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
      throw invalid(
        `${field}: the value of "${name}" contains ${code}, which an HTTP header cannot carry; use ASCII (percent-encode other text)`,
      );
    }
    if (Buffer.byteLength(value, "utf8") > MAX_HEADER_VALUE_BYTES)
      throw invalid(`${field}: the value of "${name}" exceeds 8 KiB`);
  }
}

/** Headers that may be sent: reserved framing headers (stored before validation existed) are dropped. */
export function sendableHeaders(headers: Record<string, string>): [string, string][] {
  return Object.entries(headers).filter(([name]) => !RESERVED_HEADERS.has(name.toLowerCase()));
}
