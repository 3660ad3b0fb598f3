// The spec's hardening headers on every response; the CSP on every HTML page and, with the UI on, everywhere.
import type { Config } from "../config.ts";

// Fonts and icons are bundled with the UI: nothing comes from another host.
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

/** The portal is meant to be embedded in an iframe by the operator's product. */
const isPortalPath = (pathname: string) => pathname === "/portal" || pathname.startsWith("/portal/");

export function applySecurityHeaders(
  config: Pick<Config, "serveUi" | "portalFrameAncestors">,
  pathname: string,
  response: Response,
): void {
  const h = response.headers;
  const portal = isPortalPath(pathname);
  h.set("x-content-type-options", "nosniff");
  if (!portal) h.set("x-frame-options", "DENY");
  h.set("referrer-policy", "strict-origin-when-cross-origin");
  h.set("permissions-policy", "interest-cohort=()");
  // The portal is served whether or not the dashboard is, so its pages carry the CSP either way.
  const html = h.get("content-type")?.startsWith("text/html") ?? false;
  if (config.serveUi || html)
    h.set("content-security-policy", `${CSP}; frame-ancestors ${portal ? config.portalFrameAncestors : "'none'"}`);
}
