// Paths of the consumer portal's API (/portal/api/*) and the gateway's path rules.
import { AppError } from "../errors.ts";

const CONSUMER_PREFIX = "/v1/consumers/:consumer/";

/**
 * Where a portal-enabled route appears under /portal/api: consumer routes lose their consumer segment
 * (/v1/consumers/:consumer/webhooks -> /portal/api/webhooks); helpers keep their name (/v1/x -> /portal/api/x).
 */
export function portalPathOf(path: string): string | undefined {
  if (path.startsWith(CONSUMER_PREFIX)) return "/portal/api/" + path.slice(CONSUMER_PREFIX.length);
  if (path.startsWith("/v1/") && !path.includes(":consumer")) return "/portal/api/" + path.slice("/v1/".length);
  return undefined;
}

/** The gateway refuses `.`/`..`/empty segments, backslashes and control characters — also percent-encoded. */
export function checkPortalPath(rawPath: string): void {
  let decoded: string;
  try {
    // Twice, so double-encoded forms (%252e) are caught too.
    decoded = decodeURIComponent(decodeURIComponent(rawPath));
  } catch {
    throw new AppError("permission_denied", "portal path is not valid percent-encoding");
  }
  for (const path of [rawPath, decoded]) {
    if (/[\\\u0000-\u001f\u007f]/.test(path))
      throw new AppError("permission_denied", "portal path contains a backslash or a control character");
    const segments = path.split("/").slice(1);
    if (segments.some((s, i) => s === "" && i < segments.length) || segments.some((s) => s === "." || s === "..")) {
      throw new AppError("permission_denied", "portal path contains an empty, '.' or '..' segment");
    }
  }
}
