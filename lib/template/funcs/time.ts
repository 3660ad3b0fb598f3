// Time helpers with Go's reference-time layouts (Mon Jan 2 15:04:05 MST 2006). Times travel as RFC 3339 text.
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export const NAMED_LAYOUTS: Record<string, string> = {
  ANSIC: "Mon Jan _2 15:04:05 2006",
  UnixDate: "Mon Jan _2 15:04:05 MST 2006",
  RFC822: "02 Jan 06 15:04 MST",
  RFC822Z: "02 Jan 06 15:04 -0700",
  RFC850: "Monday, 02-Jan-06 15:04:05 MST",
  RFC1123: "Mon, 02 Jan 2006 15:04:05 MST",
  RFC1123Z: "Mon, 02 Jan 2006 15:04:05 -0700",
  RFC3339: "2006-01-02T15:04:05Z07:00",
  RFC3339Nano: "2006-01-02T15:04:05.999999999Z07:00",
  Kitchen: "3:04PM",
  DateTime: "2006-01-02 15:04:05",
  DateOnly: "2006-01-02",
  TimeOnly: "15:04:05",
};

// Longest tokens first, as Go's layout scanner matches them.
const TOKENS = [
  "January",
  "Monday",
  "Jan",
  "Mon",
  "MST",
  "2006",
  "-07:00:00",
  "-0700",
  "-07:00",
  "-07",
  "Z07:00:00",
  "Z0700",
  "Z07:00",
  "Z07",
  "01",
  "02",
  "_2",
  "__2",
  "002",
  "03",
  "04",
  "05",
  "06",
  "15",
  "PM",
  "pm",
  "1",
  "2",
  "3",
  "4",
  "5",
];
// Fractional seconds: a run of 0s (fixed width) or 9s (trailing zeros dropped) after . or , not followed by a digit.
const FRACTION = /^[.,](?:0+|9+)(?![0-9])/;

// Layouts repeat (a template formats with the same few), so their tokens are kept.
const tokenCache = new Map<string, string[]>();

function tokenize(layout: string): string[] {
  let hit = tokenCache.get(layout);
  if (!hit) {
    if (tokenCache.size >= 256) tokenCache.clear();
    hit = scanLayout(layout);
    tokenCache.set(layout, hit);
  }
  return hit;
}

function scanLayout(layout: string): string[] {
  const out: string[] = [];
  let i = 0;
  let lit = "";
  while (i < layout.length) {
    const c = layout[i];
    let tok =
      (c === "." || c === "," ? FRACTION.exec(layout.slice(i, i + 11))?.[0] : undefined) ??
      TOKENS.find((t) => layout.startsWith(t, i));
    // "Jan"/"Mon" need a following non-lowercase letter not to eat a word like "Month".
    if (tok && (tok === "Jan" || tok === "Mon") && /[a-z]/.test(layout[i + 3] ?? "")) tok = undefined;
    if (tok === "January" || tok === "Monday" || tok) {
      if (lit) out.push("\u0000" + lit);
      lit = "";
      out.push(tok!);
      i += tok!.length;
    } else lit += layout[i++];
  }
  if (lit) out.push("\u0000" + lit);
  return out;
}

const pad = (n: number, w: number, c = "0") => String(n).padStart(w, c);

interface Parts {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  wd: number;
  /** Nanoseconds as 9 digits (a Date holds milliseconds). */
  nanos: string;
}

type Piece = (p: Parts) => string;

const h12 = (h: number) => (h % 12 === 0 ? 12 : h % 12);
const yearDay = (p: Parts) => Math.floor((Date.UTC(p.y, p.mo, p.d) - Date.UTC(p.y, 0, 1)) / 86_400_000) + 1;

const PIECES: Record<string, Piece> = {
  January: (p) => MONTHS[p.mo]!,
  Jan: (p) => MONTHS[p.mo]!.slice(0, 3),
  Monday: (p) => DAYS[p.wd]!,
  Mon: (p) => DAYS[p.wd]!.slice(0, 3),
  MST: () => "UTC",
  "2006": (p) => pad(p.y, 4),
  "06": (p) => pad(p.y % 100, 2),
  "01": (p) => pad(p.mo + 1, 2),
  "1": (p) => String(p.mo + 1),
  "02": (p) => pad(p.d, 2),
  _2: (p) => pad(p.d, 2, " "),
  "2": (p) => String(p.d),
  __2: (p) => pad(yearDay(p), 3, " "),
  "002": (p) => pad(yearDay(p), 3),
  "15": (p) => pad(p.h, 2),
  "03": (p) => pad(h12(p.h), 2),
  "3": (p) => String(h12(p.h)),
  "04": (p) => pad(p.mi, 2),
  "4": (p) => String(p.mi),
  "05": (p) => pad(p.s, 2),
  "5": (p) => String(p.s),
  PM: (p) => (p.h >= 12 ? "PM" : "AM"),
  pm: (p) => (p.h >= 12 ? "pm" : "am"),
  "-0700": () => "+0000",
  "-07:00": () => "+00:00",
  "-07": () => "+00",
  "-07:00:00": () => "+00:00:00",
  Z0700: () => "Z",
  "Z07:00": () => "Z",
  Z07: () => "Z",
  "Z07:00:00": () => "Z",
};

function piece(t: string): Piece {
  if (t[0] === "\u0000") {
    const text = t.slice(1);
    return () => text;
  }
  const known = PIECES[t];
  if (known) return known;
  const width = t.length - 1;
  const sep = t[0]!;
  if (/^[.,]0+$/.test(t)) return (p) => sep + p.nanos.slice(0, width);
  if (/^[.,]9+$/.test(t)) {
    return (p) => {
      const frac = p.nanos.slice(0, width).replace(/0+$/, "");
      return frac ? sep + frac : "";
    };
  }
  return () => t;
}

// A layout becomes its list of pieces once; formatting is then one pass over them.
const compiledLayouts = new Map<string, Piece[]>();

function compileLayout(layout: string): Piece[] {
  let pieces = compiledLayouts.get(layout);
  if (!pieces) {
    pieces = tokenize(layout).map(piece);
    if (compiledLayouts.size >= 256) compiledLayouts.clear();
    compiledLayouts.set(layout, pieces);
  }
  return pieces;
}

/** Go's Time.Format for a UTC instant. */
export function formatTime(date: Date, layout: string): string {
  const pieces = compileLayout(NAMED_LAYOUTS[layout] ?? layout);
  const p: Parts = {
    y: date.getUTCFullYear(),
    mo: date.getUTCMonth(),
    d: date.getUTCDate(),
    h: date.getUTCHours(),
    mi: date.getUTCMinutes(),
    s: date.getUTCSeconds(),
    wd: date.getUTCDay(),
    nanos: String(date.getUTCMilliseconds() * 1_000_000).padStart(9, "0"),
  };
  let out = "";
  for (const f of pieces) out += f(p);
  return out;
}

// RFC 3339 (a space for the T is fine, and so are a missing zone, meaning UTC, and a date alone).
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;
const RFC3339 = /^(\d{4}-\d{2}-\d{2})(?:[Tt ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)([Zz]|[+-]\d{2}:\d{2})?)?$/;

/** A time from RFC 3339 text or Unix seconds. Text without a zone is UTC, never the server's local time. */
export function toDate(v: unknown): Date {
  if (typeof v === "number" && Number.isFinite(v)) return new Date(v * 1000);
  if (typeof v === "string") {
    // The common exact form first (what svc's own timestamps look like), straight to Date's parser.
    if (ISO_UTC.test(v)) {
      const d = new Date(v);
      if (!Number.isNaN(d.getTime())) return d;
    }
    const m = RFC3339.exec(v.trim());
    if (m) {
      const d = new Date(`${m[1]}T${m[2] ?? "00:00"}${(m[3] ?? "Z").toUpperCase()}`);
      if (!Number.isNaN(d.getTime())) return d;
    }
  }
  throw new Error(`${JSON.stringify(v)} is not a time (RFC 3339 text or Unix seconds)`);
}

/** Go's time.Parse for the layout's numeric fields (names of months and days included); result in UTC. */
export function parseTime(layout: string, value: string): Date {
  const l = NAMED_LAYOUTS[layout] ?? layout;
  let rest = value;
  let y = 1;
  let mo = 0;
  let d = 1;
  let h = 0;
  let mi = 0;
  let s = 0;
  let ms = 0;
  let pm: boolean | undefined;
  let offsetMinutes = 0;
  const fail = (): never => {
    throw new Error(`parsing time ${JSON.stringify(value)} as ${JSON.stringify(l)}: cannot parse`);
  };
  const take = (re: RegExp): string => {
    const m = re.exec(rest);
    if (m?.index !== 0) fail();
    rest = rest.slice(m![0].length);
    return m![0];
  };
  for (const t of tokenize(l)) {
    if (t[0] === "\u0000") {
      const lit = t.slice(1);
      if (!rest.startsWith(lit)) fail();
      rest = rest.slice(lit.length);
      continue;
    }
    switch (t) {
      case "2006":
        y = Number(take(/\d{4}/));
        break;
      case "06":
        y = 2000 + Number(take(/\d{2}/));
        if (y >= 2069) y -= 100;
        break;
      case "01":
        mo = Number(take(/\d{2}/)) - 1;
        break;
      case "1":
        mo = Number(take(/\d{1,2}/)) - 1;
        break;
      case "January":
      case "Jan": {
        const names = t === "January" ? MONTHS : MONTHS.map((m) => m.slice(0, 3));
        const found = names.findIndex((n) => rest.startsWith(n));
        if (found < 0) fail();
        mo = found;
        rest = rest.slice(names[found]!.length);
        break;
      }
      case "Monday":
      case "Mon": {
        const names = t === "Monday" ? DAYS : DAYS.map((n) => n.slice(0, 3));
        const found = names.find((n) => rest.startsWith(n));
        if (!found) fail();
        rest = rest.slice(found!.length);
        break;
      }
      case "02":
        d = Number(take(/\d{2}/));
        break;
      case "_2":
        d = Number(take(/[ \d]\d/).trim());
        break;
      case "2":
        d = Number(take(/\d{1,2}/));
        break;
      case "15":
        h = Number(take(/\d{2}/));
        break;
      case "03":
        h = Number(take(/\d{2}/));
        break;
      case "3":
        h = Number(take(/\d{1,2}/));
        break;
      case "04":
        mi = Number(take(/\d{2}/));
        break;
      case "4":
        mi = Number(take(/\d{1,2}/));
        break;
      case "05":
        s = Number(take(/\d{2}/));
        break;
      case "5":
        s = Number(take(/\d{1,2}/));
        break;
      case "PM":
      case "pm":
        pm = /^pm$/i.test(take(/[AaPp][Mm]/));
        break;
      case "MST":
        take(/[A-Z]{3,4}|[+-]\d{2}/);
        break;
      default:
        if (/^[.,][09]+$/.test(t)) {
          const frac = t[1] === "9" ? /(?:[.,]\d+)?/.exec(rest)![0] : take(new RegExp(`[.,]\\d{${t.length - 1}}`));
          rest = t[1] === "9" ? rest.slice(frac.length) : rest;
          if (frac) ms = Math.round(Number("0." + frac.slice(1)) * 1000);
        } else if (/^(?:Z07|-07)/.test(t)) {
          if (t[0] === "Z" && rest[0] === "Z") {
            rest = rest.slice(1);
            break;
          }
          const m = take(/[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?/);
          const sign = m[0] === "-" ? -1 : 1;
          const digits = m.slice(1).replace(/:/g, "");
          offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0));
        } else fail();
    }
  }
  // Go accepts fractional seconds after a seconds field even when the layout has none.
  if (/^[.,]\d+/.test(rest) && l.includes("05")) {
    const frac = /^[.,]\d+/.exec(rest)![0];
    ms = Math.round(Number("0." + frac.slice(1)) * 1000);
    rest = rest.slice(frac.length);
  }
  if (rest.length) throw new Error(`parsing time ${JSON.stringify(value)}: extra text: ${JSON.stringify(rest)}`);
  if (pm !== undefined) {
    if (h > 12) fail();
    if (pm && h < 12) h += 12;
    if (!pm && h === 12) h = 0;
  }
  if (mo < 0 || mo > 11 || h > 23 || mi > 59 || s > 59)
    throw new Error(`parsing time ${JSON.stringify(value)}: value out of range`);
  if (d < 1 || d > new Date(Date.UTC(y, mo + 1, 0)).getUTCDate())
    throw new Error(`parsing time ${JSON.stringify(value)}: day out of range`);
  return new Date(Date.UTC(y, mo, d, h, mi, s, ms) - offsetMinutes * 60_000);
}
