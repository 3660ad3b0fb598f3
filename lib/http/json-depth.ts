// Bounds how deeply a JSON text nests before it is parsed: every later step (validation, signing, templates,
// JSON.stringify) walks values recursively, and 10,000 levels overflow the stack there.
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b,
  OPEN_ARRAY = 0x5b,
  CLOSE_OBJECT = 0x7d,
  CLOSE_ARRAY = 0x5d,
  QUOTE = 0x22,
  BACKSLASH = 0x5c;

/** True when `text` opens more than `max` nested objects/arrays at some point (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}
