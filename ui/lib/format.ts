// Display helpers shared by pages: times, durations, numbers and status tones.
export type Tone = "ok" | "warn" | "bad" | "info" | "neutral";

export function when(iso: string | null | undefined): string {
  if (!iso) return "—";
  const d = new Date(iso);
  return d.toLocaleString(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
}

export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return "—";
  const s = Math.round((now - new Date(iso).getTime()) / 1000);
  const abs = Math.abs(s);
  const unit =
    abs < 60
      ? [abs, "s"]
      : abs < 3600
        ? [Math.floor(abs / 60), "min"]
        : abs < 86400
          ? [Math.floor(abs / 3600), "h"]
          : [Math.floor(abs / 86400), "d"];
  return s >= 0 ? `${unit[0]} ${unit[1]} ago` : `in ${unit[0]} ${unit[1]}`;
}

export const ms = (v: number | null | undefined) =>
  v === null || v === undefined ? "—" : v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(2)} s`;
export const pct = (v: number | null | undefined) =>
  v === null || v === undefined || Number.isNaN(v) ? "—" : `${(v * 100).toFixed(v >= 0.999 || v === 0 ? 0 : 1)}%`;
export const num = (v: number | null | undefined) => (v === null || v === undefined ? "—" : v.toLocaleString());

/** Tones for delivery statuses, health states and webhook states. */
export function toneOf(value: string | null | undefined): Tone {
  switch ((value ?? "").toLowerCase()) {
    case "success":
    case "healthy":
    case "active":
    case "succeeded":
    case "completed":
    case "redeemed":
      return "ok";
    case "retrying":
    case "degraded":
    case "paused":
    case "pending":
    case "sending":
    case "running":
    case "rate_limited":
      return "warn";
    case "failed":
    case "unhealthy":
    case "expired":
    case "revoked":
    case "cancelled":
    case "disabled":
      return "bad";
    default:
      return "neutral";
  }
}

export const pretty = (value: unknown) => JSON.stringify(value, null, 2);

/** A request or response body as sent, indented when it is JSON. */
export function prettyBody(body: string | null | undefined): string {
  if (!body) return "";
  try {
    return pretty(JSON.parse(body));
  } catch {
    return body;
  }
}

/** The first 8 characters of an id: enough to tell rows apart (the full id is on the object's page). */
export const shortId = (id: string | null | undefined) => (id ? id.slice(0, 8) : "—");
