// Delivery error categories (spec + CONTRACT) and whether each is retried.
import { isExpectedStatus, type HttpConfig } from "../webhooks/http-config.ts";

export type Category =
  | "success"
  | "client_error"
  | "server_error"
  | "timeout"
  | "connection_refused"
  | "network_error"
  | "dns_error"
  | "tls_error"
  | "unexpected_status"
  | "unknown"
  | "rate_limited"
  | "template_error";

export const CATEGORIES: readonly Category[] = [
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
];

const RETRIED = new Set<Category>([
  "server_error",
  "timeout",
  "connection_refused",
  "rate_limited",
  "network_error",
  "unknown",
]);

export const isRetried = (category: Category) => RETRIED.has(category);

/** A response that arrived: its code decides. 429 is rate limiting; 3xx here were not followed. */
export function categoryOfStatus(status: number, config: Pick<HttpConfig, "expected_status_codes">): Category {
  if (isExpectedStatus(config, status)) return "success";
  if (status === 429) return "rate_limited";
  if (status >= 500 && status <= 599) return "server_error";
  if (status >= 400 && status <= 499) return "client_error";
  return "unexpected_status";
}

const TIMEOUT_CODES = new Set([
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "ETIMEDOUT",
  "ABORT_ERR",
  "ERR_DELIVERY_DEADLINE",
]);
const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "EAI_FAIL", "EAI_NODATA", "ENODATA"]);
const NETWORK_CODES = new Set([
  "ECONNRESET",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "ENETDOWN",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "ECONNABORTED",
  "ERR_SSRF_BLOCKED",
  "UND_ERR_REQ_CONTENT_LENGTH_MISMATCH",
]);
const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_|ERR_OSSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|HOSTNAME_MISMATCH)/;

/** The codes of an error and of every error it wraps (undici nests the socket error in `cause`). */
function codesOf(err: unknown): string[] {
  const codes: string[] = [];
  for (
    let e = err as { code?: unknown; name?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === "string") codes.push(e.code);
    if (e.name === "AbortError" || e.name === "TimeoutError") codes.push("ABORT_ERR");
  }
  return codes;
}

/** A transport failure (no response): the category its error codes point to. */
export function categoryOfError(err: unknown): Category {
  const codes = codesOf(err);
  if (codes.some((c) => TIMEOUT_CODES.has(c))) return "timeout";
  if (codes.includes("ECONNREFUSED")) return "connection_refused";
  if (codes.some((c) => DNS_CODES.has(c))) return "dns_error";
  if (codes.some((c) => TLS_CODE.test(c))) return "tls_error";
  const message = String((err as Error)?.message ?? "");
  if (/\b(SSL|TLS)\b|certificate/i.test(message)) return "tls_error";
  if (codes.some((c) => NETWORK_CODES.has(c)) || /socket hang up|other side closed/i.test(message))
    return "network_error";
  return "unknown";
}

/** Categories that feed the 24-hour counters of webhook health. */
export function healthBucket(
  category: Category,
): "client_errors" | "server_errors" | "timeout_errors" | "network_errors" | "unexpected_status_errors" | undefined {
  switch (category) {
    case "client_error":
    case "rate_limited":
      return "client_errors";
    case "server_error":
      return "server_errors";
    case "timeout":
      return "timeout_errors";
    case "connection_refused":
    case "network_error":
    case "dns_error":
    case "tls_error":
      return "network_errors";
    case "unexpected_status":
      return "unexpected_status_errors";
    default:
      return undefined;
  }
}
