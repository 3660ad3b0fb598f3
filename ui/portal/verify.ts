// The in-browser signature verifier: checks Standard Webhooks `v1,` (HMAC-SHA256, @noble/hashes) and `v1a,`
// (Ed25519, @noble/ed25519) signatures against what the user pasted, and says which matched and why one did not.
// Nothing leaves the page. The server signs with node:crypto (faster); the signatures are byte-identical.
import * as ed from "@noble/ed25519";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256, sha512 } from "@noble/hashes/sha2.js";

ed.hashes.sha512 = sha512;

/** The Standard Webhooks libraries reject a timestamp more than five minutes away from now (replay protection). */
export const TOLERANCE_SECONDS = 5 * 60;

export interface VerifyInput {
  /** `whsec_…` (or its bare base64): checks `v1,` signatures. */
  secret?: string;
  /** Base64 Ed25519 public key (32 bytes): checks `v1a,` signatures. */
  publicKey?: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  nowSeconds?: number;
}

export type Scheme = "v1" | "v1a";

export interface SchemeResult {
  scheme: Scheme;
  /** Whether a key for this scheme was given. */
  checked: boolean;
  /** Signatures of this scheme in the header. */
  present: number;
  /** 1-based position of the matching signature in the header (rotation windows carry two). */
  matchedIndex?: number;
  /** The key itself could not be read. */
  keyError?: string;
}

export interface VerifyResult {
  ok: boolean;
  /** A plain sentence for each finding, most important first. */
  findings: { tone: "ok" | "bad" | "warn"; text: string }[];
  schemes: SchemeResult[];
  timestampSkewSeconds?: number;
}

const enc = new TextEncoder();

function fromBase64(value: string): Uint8Array {
  const clean = value.trim().replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(clean + "=".repeat((4 - (clean.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

function toBase64(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** Constant-time comparison of two strings (what the libraries do; here it is a habit rather than a need). */
function same(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** `v1,<b64> v1a,<b64> …` → [scheme, signature] pairs, in header order. */
export function parseSignatures(header: string): [string, string][] {
  return header
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => {
      const comma = part.indexOf(",");
      return comma < 0
        ? (["", part] as [string, string])
        : ([part.slice(0, comma), part.slice(comma + 1)] as [string, string]);
    });
}

function hmacSignature(key: Uint8Array, content: Uint8Array): string {
  return toBase64(hmac(sha256, key, content));
}

function hmacKey(secret: string): Uint8Array {
  const raw = secret.trim();
  return fromBase64(raw.startsWith("whsec_") ? raw.slice(6) : raw);
}

function publicKeyBytes(key: string): Uint8Array {
  const raw = key.trim().replace(/^whpk_/, "");
  const bytes = fromBase64(raw);
  if (bytes.length !== 32) throw new Error(`an Ed25519 public key is 32 bytes; this one is ${bytes.length}`);
  return bytes;
}

/** Which of the signatures of one scheme match `content`; -1 when none. */
function matchIndex(scheme: Scheme, signatures: string[], content: Uint8Array, key: Uint8Array): number {
  if (scheme === "v1") {
    const expected = hmacSignature(key, content);
    return signatures.findIndex((s) => same(s, expected));
  }
  return signatures.findIndex((s) => {
    try {
      return ed.verify(fromBase64(s), content, key);
    } catch {
      return false;
    }
  });
}

/** Bodies a copy-paste or a framework commonly makes of the original: we try them to explain a mismatch. */
function bodyVariants(body: string): [string, string][] {
  const out: [string, string][] = [];
  if (body.endsWith("\n")) out.push(["without the trailing newline", body.replace(/\r?\n$/, "")]);
  else out.push(["with a trailing newline", body + "\n"]);
  if (body.includes("\r\n")) out.push(["with LF line endings", body.replace(/\r\n/g, "\n")]);
  try {
    const parsed = JSON.parse(body);
    const compact = JSON.stringify(parsed);
    if (compact !== body) out.push(["as compact JSON (your copy was re-formatted)", compact]);
  } catch {
    // Not JSON: no re-formatting to undo.
  }
  return out;
}

export function verifySignature(input: VerifyInput): VerifyResult {
  const findings: VerifyResult["findings"] = [];
  const schemes: SchemeResult[] = [];
  const id = input.id.trim();
  const ts = input.timestamp.trim();
  const pairs = parseSignatures(input.signature);
  if (!id || !ts || pairs.length === 0) {
    findings.push({
      tone: "bad",
      text: "Paste all three headers: webhook-id, webhook-timestamp and webhook-signature.",
    });
    return { ok: false, findings, schemes };
  }
  if (!input.secret?.trim() && !input.publicKey?.trim()) {
    findings.push({ tone: "bad", text: "Paste the endpoint's signing secret (whsec_…) or its Ed25519 public key." });
    return { ok: false, findings, schemes };
  }
  const content = enc.encode(`${id}.${ts}.${input.body}`);
  const keys: [Scheme, string | undefined][] = [
    ["v1", input.secret],
    ["v1a", input.publicKey],
  ];
  for (const [scheme, keyText] of keys) {
    const signatures = pairs.filter(([s]) => s === scheme).map(([, sig]) => sig);
    const result: SchemeResult = { scheme, checked: Boolean(keyText?.trim()), present: signatures.length };
    schemes.push(result);
    if (!result.checked || signatures.length === 0) continue;
    let key: Uint8Array;
    try {
      key = scheme === "v1" ? hmacKey(keyText!) : publicKeyBytes(keyText!);
    } catch (e) {
      result.keyError =
        scheme === "v1"
          ? "the secret is not valid base64 (it looks like whsec_ followed by base64)"
          : `the public key cannot be read: ${(e as Error).message}`;
      continue;
    }
    const index = matchIndex(scheme, signatures, content, key);
    if (index >= 0) {
      result.matchedIndex = index + 1;
      continue;
    }
    // Explain the mismatch: would a commonly altered copy of the body have matched?
    for (const [how, variant] of bodyVariants(input.body)) {
      if (matchIndex(scheme, signatures, enc.encode(`${id}.${ts}.${variant}`), key) >= 0) {
        findings.push({
          tone: "bad",
          text:
            `The ${scheme} signature matches the body ${how}, not the body as pasted: verify the raw ` +
            `bytes you received, before any parsing or re-formatting.`,
        });
        result.keyError = "altered-body";
        break;
      }
    }
  }
  const v1 = schemes[0]!;
  const v1a = schemes[1]!;
  const label = (s: SchemeResult) =>
    s.scheme === "v1" ? "v1 (HMAC-SHA256, signing secret)" : "v1a (Ed25519, public key)";
  for (const s of schemes) {
    if (!s.checked) continue;
    if (s.present === 0)
      findings.push({
        tone: "warn",
        text: `The webhook-signature header carries no ${s.scheme}, signature to check with the ${s.scheme === "v1" ? "secret" : "public key"}.`,
      });
    else if (s.matchedIndex)
      findings.push({
        tone: "ok",
        text: `The ${label(s)} signature matched${
          s.present > 1
            ? ` (signature ${s.matchedIndex} of ${s.present}: ` +
              `during a secret rotation both the new and the old key sign)`
            : ""
        }.`,
      });
    else if (s.keyError && s.keyError !== "altered-body")
      findings.push({ tone: "bad", text: `The ${label(s)} signature was not checked: ${s.keyError}.` });
  }
  // A mismatch: one scheme matching proves the id, timestamp and body are intact, so the other key is wrong.
  for (const [s, other] of [
    [v1, v1a],
    [v1a, v1],
  ] as const) {
    if (!s.checked || !s.present || s.matchedIndex || s.keyError) continue;
    const what = s.scheme === "v1" ? "secret" : "public key";
    if (other.matchedIndex)
      findings.push({
        tone: "bad",
        text:
          `The ${label(s)} signature did not match. The ${other.scheme} signature did, so the body, id ` +
          `and timestamp are intact: this ${what} is not the one this message was signed with (wrong ` +
          `endpoint, or a rotated ${what}).`,
      });
    else
      findings.push({
        tone: "bad",
        text:
          `The ${label(s)} signature did not match: either this ${what} is not the endpoint's (wrong ` +
          `endpoint, or rotated since), or the body, webhook-id or webhook-timestamp differ from what ` +
          `was signed (the body must be the exact raw bytes received).`,
      });
  }
  const matched = schemes.some((s) => s.matchedIndex);
  const failed = schemes.some((s) => s.checked && s.present > 0 && !s.matchedIndex);
  let skew: number | undefined;
  const tsNumber = Number(ts);
  if (!/^\d+$/.test(ts)) findings.unshift({ tone: "bad", text: "webhook-timestamp must be whole Unix seconds." });
  else {
    skew = (input.nowSeconds ?? Math.floor(Date.now() / 1000)) - tsNumber;
    if (Math.abs(skew) > TOLERANCE_SECONDS) {
      const age =
        Math.abs(skew) < 7200
          ? `${Math.round(Math.abs(skew) / 60)} minutes`
          : `${(Math.abs(skew) / 3600).toFixed(1)} hours`;
      findings.unshift({
        tone: "bad",
        text:
          `The timestamp is ${age} ${skew > 0 ? "old" : "in the future"}, outside the ` +
          `${TOLERANCE_SECONDS / 60}-minute tolerance: Standard Webhooks libraries reject it to stop ` +
          `replays${matched ? " even though the signature matched" : ""}. Check your server's clock, and ` +
          `verify when the message arrives.`,
      });
    }
  }
  const inTolerance = skew !== undefined && Math.abs(skew) <= TOLERANCE_SECONDS;
  return { ok: matched && !failed && inTolerance, findings, schemes, timestampSkewSeconds: skew };
}
