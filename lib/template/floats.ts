// strconv.FormatFloat for float64, exactly: shortest digits come from the JS number printer (both pick the
// shortest round-tripping digits), fixed precisions from the exact binary value rounded half to even as Go does.

interface Digits {
  /** Decimal digits without leading zeros ("" for zero). */
  d: string;
  /** Position of the decimal point relative to the digits: value = 0.d × 10^dp. */
  dp: number;
  neg: boolean;
}

function shortestDigits(v: number): Digits {
  const neg = v < 0 || Object.is(v, -0);
  const a = Math.abs(v);
  if (a === 0) return { d: "", dp: 0, neg };
  const [mant, exp] = a.toExponential().split("e") as [string, string];
  const d = mant.replace(".", "").replace(/0+$/, "");
  return { d, dp: Number(exp) + 1, neg };
}

/** The exact decimal expansion of a double (every double is a finite decimal). */
function exactDigits(v: number): Digits {
  const neg = v < 0 || Object.is(v, -0);
  if (v === 0) return { d: "", dp: 0, neg };
  // |v| = mant × 2^exp
  const { mant, exp: binaryExp } = decompose(v);
  const exp = binaryExp - 52;
  let digits: string;
  let dp: number;
  if (exp >= 0) {
    digits = (mant << BigInt(exp)).toString();
    dp = digits.length;
  } else {
    digits = (mant * 5n ** BigInt(-exp)).toString();
    dp = digits.length + exp;
  }
  const trimmed = digits.replace(/0+$/, "");
  const lead = trimmed.length - trimmed.replace(/^0+/, "").length;
  return { d: trimmed.slice(lead), dp: dp - lead, neg };
}

/** Rounds to n significant digits, half to even on an exact tie (Go's decimal.Round). */
function roundTo(x: Digits, n: number): Digits {
  if (n < 0 || n >= x.d.length) return x;
  const next = x.d.charCodeAt(n) - 48;
  let up: boolean;
  if (next > 5) up = true;
  else if (next < 5) up = false;
  else if (n + 1 < x.d.length)
    up = true; // more digits after the 5: above half
  else up = n > 0 && (x.d.charCodeAt(n - 1) - 48) % 2 === 1; // exact tie: to even
  let d = x.d.slice(0, n);
  let dp = x.dp;
  if (up) {
    let i = d.length - 1;
    while (i >= 0 && d[i] === "9") i--;
    if (i < 0) {
      d = "1";
      dp++;
    } else d = d.slice(0, i) + String.fromCharCode(d.charCodeAt(i) + 1);
  }
  return { d: d.replace(/0+$/, ""), dp, neg: x.neg };
}

const digitAt = (x: Digits, i: number) => (i < x.d.length ? x.d[i]! : "0");

function fmtE(x: Digits, prec: number, e: "e" | "E"): string {
  let out = x.neg ? "-" : "";
  out += x.d.length ? x.d[0] : "0";
  if (prec > 0) {
    out += ".";
    for (let i = 1; i <= prec; i++) out += digitAt(x, i);
  }
  let exp = x.d.length === 0 ? 0 : x.dp - 1;
  const sign = exp < 0 ? "-" : "+";
  exp = Math.abs(exp);
  return `${out}${e}${sign}${exp < 10 ? "0" : ""}${exp}`;
}

function fmtF(x: Digits, prec: number): string {
  let out = x.neg ? "-" : "";
  if (x.dp > 0) {
    let m = Math.min(x.d.length, x.dp);
    out += x.d.slice(0, m);
    for (; m < x.dp; m++) out += "0";
  } else out += "0";
  if (prec > 0) {
    out += ".";
    for (let i = 1; i <= prec; i++) {
      const j = x.dp + i - 1;
      out += j < 0 || j >= x.d.length ? "0" : x.d[j];
    }
  }
  return out;
}

/**
 * The common cases without building digit strings, where JavaScript's own printing is provably the same:
 * - shortest %g (Go's %v) between 1e-4 and 1e6 is plain decimal in both, with the same shortest digits;
 * - %.Nf is toFixed unless the exact value sits on a rounding tie (toFixed rounds ties up, Go to even). A tie
 *   needs exactly N+1 fractional binary digits, which multiplying by a power of two (exact) detects.
 * -0 keeps Go's sign, which JavaScript drops.
 */
function fastPath(v: number, fmt: string, prec: number): string | undefined {
  const a = Math.abs(v);
  const sign = v < 0 || Object.is(v, -0) ? "-" : "";
  if (prec < 0 && (fmt === "g" || fmt === "G")) {
    if (a >= 1e-4 && a < 1e6) return sign + String(a);
    return undefined;
  }
  if ((fmt === "f" || fmt === "F") && prec >= 0 && prec <= 20 && a < 1e21) {
    const scaled = a * 2 ** (prec + 1);
    if (Number.isInteger(scaled) && !Number.isInteger(scaled / 2)) return undefined;
    return sign + a.toFixed(prec);
  }
  return undefined;
}

/** strconv.FormatFloat(v, fmt, prec, 64) for fmt in e E f F g G; prec -1 = shortest. */
export function formatFloat(v: number, fmt: "e" | "E" | "f" | "F" | "g" | "G", prec: number): string {
  if (Number.isNaN(v)) return "NaN";
  if (v === Infinity) return "+Inf";
  if (v === -Infinity) return "-Inf";
  const fast = fastPath(v, fmt, prec);
  if (fast !== undefined) return fast;
  const shortest = prec < 0;
  let x: Digits;
  if (shortest) {
    x = shortestDigits(v);
  } else {
    const exact = exactDigits(v);
    switch (fmt) {
      case "e":
      case "E":
        x = roundTo(exact, prec + 1);
        break;
      case "f":
      case "F":
        x = roundTo(exact, exact.dp + prec);
        break;
      default:
        x = roundTo(exact, prec === 0 ? 1 : prec);
    }
  }
  switch (fmt) {
    case "e":
    case "E":
      return fmtE(x, shortest ? Math.max(x.d.length - 1, 0) : prec, fmt);
    case "f":
    case "F":
      return fmtF(x, shortest ? Math.max(x.d.length - x.dp, 0) : prec);
  }
  let p = shortest ? x.d.length : prec === 0 ? 1 : prec;
  let eprec = p;
  if (eprec > x.d.length && x.d.length >= x.dp) eprec = x.d.length;
  if (shortest) eprec = 6;
  const exp = x.dp - 1;
  if (x.d.length !== 0 && (exp < -4 || exp >= eprec)) {
    if (p > x.d.length) p = x.d.length;
    return fmtE(x, Math.max(p - 1, 0), fmt === "g" ? "e" : "E");
  }
  if (x.d.length === 0) return fmtF(x, 0);
  if (p > x.dp) p = x.d.length;
  return fmtF(x, Math.max(p - x.dp, 0));
}

/** The float64's mantissa (with the implicit bit) and binary exponent: |v| = mant × 2^(exp−52). */
function decompose(v: number): { neg: boolean; mant: bigint; exp: number } {
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, v);
  const hi = buf.getUint32(0);
  const lo = buf.getUint32(4);
  const neg = hi >>> 31 === 1;
  const biased = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp: number;
  if (biased === 0) exp = -1022;
  else {
    mant |= 1n << 52n;
    exp = biased - 1023;
  }
  return { neg, mant, exp };
}

/** strconv.FormatFloat(v, 'b', -1, 64): decimal mantissa and binary exponent, 4503599627370496p-52 for 1. */
export function formatBinaryFloat(v: number): string {
  if (!Number.isFinite(v)) return formatFloat(v, "g", -1);
  const { neg, mant, exp } = decompose(v);
  const e = exp - 52;
  return `${neg ? "-" : ""}${mant}p${e >= 0 ? "+" : ""}${e}`;
}

const MASK64 = (1n << 64n) - 1n;
const BIT60 = 1n << 60n;

/** strconv.FormatFloat(v, 'x' or 'X', prec, 64): -0x1.yyyp±dd, rounded half to even to prec hex digits. */
export function formatHexFloat(v: number, upper: boolean, prec: number): string {
  if (!Number.isFinite(v)) return formatFloat(v, "g", -1);
  let { neg, mant, exp } = decompose(v);
  if (mant === 0n) exp = 0;
  // Leading 1 (if any) at bit 60.
  mant <<= 8n;
  while (mant !== 0n && (mant & BIT60) === 0n) {
    mant <<= 1n;
    exp--;
  }
  if (prec >= 0 && prec < 15) {
    const shift = BigInt(prec * 4);
    const extra = (mant << shift) & (BIT60 - 1n);
    mant >>= 60n - shift;
    if ((extra | (mant & 1n)) > 1n << 59n) mant++;
    mant <<= 60n - shift;
    if ((mant & (1n << 61n)) !== 0n) {
      mant >>= 1n;
      exp++;
    }
  }
  const digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  let out = (neg ? "-" : "") + "0" + (upper ? "X" : "x") + String((mant >> 60n) & 1n);
  mant = (mant << 4n) & MASK64;
  if (prec < 0 && mant !== 0n) {
    out += ".";
    while (mant !== 0n) {
      out += digits[Number((mant >> 60n) & 15n)];
      mant = (mant << 4n) & MASK64;
    }
  } else if (prec > 0) {
    out += ".";
    for (let i = 0; i < prec; i++) {
      out += digits[Number((mant >> 60n) & 15n)];
      mant = (mant << 4n) & MASK64;
    }
  }
  out += upper ? "P" : "p";
  out += exp < 0 ? "-" : "+";
  return out + String(Math.abs(exp)).padStart(2, "0");
}
