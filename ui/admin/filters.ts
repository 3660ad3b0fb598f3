// Filter values the API accepts (kept here only for the pickers; the server validates).
export const DELIVERY_STATUSES = ["pending", "sending", "success", "failed", "retrying", "expired"] as const;
export const CATEGORIES = [
  "success",
  "client_error",
  "server_error",
  "timeout",
  "connection_refused",
  "network_error",
  "dns_error",
  "tls_error",
  "unexpected_status",
  "unknown",
  "rate_limited",
  "template_error",
] as const;
export const HEALTH_STATES = ["healthy", "degraded", "unhealthy", "unspecified"] as const;

/** RFC 3339 (query string) ⇄ the value of an <input type="datetime-local"> in the browser's time zone. */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export function fromLocalInput(value: string): string {
  if (!value) return "";
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString();
}
