// CORS from CORS_ALLOWED_ORIGINS. Cross-origin browser calls are refused unless allowed; outside production an
// empty list allows every origin so local tools work.
import { cors as connectCors } from "@connectrpc/connect";
import type { Config } from "../config.ts";
import { requestOrigin } from "./request-origin.ts";
import { empty } from "./respond.ts";

type CorsConfig = Pick<Config, "corsAllowedOrigins" | "production" | "trustedProxies" | "publicUrl">;

// Besides our own, the request headers Connect and gRPC-Web clients send, and the response headers and trailers
// they must read (grpc-status, grpc-message, …), as connect-es lists them.
const ALLOW_HEADERS = [
  ...new Set([
    "authorization",
    "x-api-key",
    "if-none-match",
    ...connectCors.allowedHeaders.map((h) => h.toLowerCase()),
  ]),
].join(", ");
const EXPOSE_HEADERS = [
  ...new Set(["retry-after", "www-authenticate", "etag", ...connectCors.exposedHeaders.map((h) => h.toLowerCase())]),
].join(", ");
const ALLOW_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";

/** Same origin: the host the client addressed (through trusted proxies), or the origin SVC_PUBLIC_URL names. */
function isCrossOrigin(config: CorsConfig, request: Request, origin: string): boolean {
  if (config.publicUrl && origin === config.publicUrl.origin) return false;
  try {
    return new URL(origin).host !== requestOrigin(config, request).host;
  } catch {
    return true;
  }
}

export function originAllowed(config: CorsConfig, origin: string): boolean {
  if (config.corsAllowedOrigins.length === 0) return !config.production;
  return config.corsAllowedOrigins.includes("*") || config.corsAllowedOrigins.includes(origin);
}

/** A browser request from an origin that is neither this server nor allowed. */
export function crossOriginBlocked(config: CorsConfig, request: Request): boolean {
  const origin = request.headers.get("origin");
  return !!origin && isCrossOrigin(config, request, origin) && !originAllowed(config, origin);
}

export function corsPreflight(_config: CorsConfig, request: Request): Response {
  const origin = request.headers.get("origin");
  if (!origin || !request.headers.get("access-control-request-method")) return empty(204, { allow: ALLOW_METHODS });
  return empty(204, {
    "access-control-allow-methods": ALLOW_METHODS,
    "access-control-allow-headers": ALLOW_HEADERS,
    "access-control-max-age": "600",
  });
}

export function applyCors(config: CorsConfig, request: Request, response: Response): void {
  const origin = request.headers.get("origin");
  if (!origin || !isCrossOrigin(config, request, origin) || !originAllowed(config, origin)) return;
  response.headers.set("access-control-allow-origin", origin);
  response.headers.append("vary", "Origin");
  response.headers.set("access-control-expose-headers", EXPOSE_HEADERS);
}
