// The spec's hardening headers on every response; the CSP only when the UI is served.
import type { Config } from "../config.ts";

const CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
  "font-src 'self' data: https://fonts.gstatic.com",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

/** The portal is meant to be embedded in an iframe by the operator's product. */
const isPortalPath = (pathname: string) => pathname === "/portal" || pathname.startsWith("/portal/");

export function applySecurityHeaders(config: Pick<Config, "serveUi">, pathname: string, response: Response): void {
  const h = response.headers;
  const portal = isPortalPath(pathname);
  h.set("x-content-type-options", "nosniff");
  if (!portal) h.set("x-frame-options", "DENY");
  h.set("referrer-policy", "strict-origin-when-cross-origin");
  h.set("permissions-policy", "interest-cohort=()");
  if (config.serveUi) h.set("content-security-policy", `${CSP}; frame-ancestors ${portal ? "*" : "'none'"}`);
}
