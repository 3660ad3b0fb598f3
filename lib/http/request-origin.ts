// The origin a request came from (client address, scheme, host), through trusted proxies when there are any, and
// the absolute base URL links that leave the server start with.
import type { Config } from "../config.ts";
import { resolveOrigin, type RequestOrigin } from "./forwarded.ts";
import { nodeRequestOf } from "./node-request.ts";

type OriginConfig = Pick<Config, "trustedProxies" | "publicUrl">;

const seen = new WeakMap<Request, RequestOrigin>();

/** Resolved once per request. Without a Node request (in-process calls) the peer is unknown and never trusted. */
export function requestOrigin(config: Pick<Config, "trustedProxies">, request: Request): RequestOrigin {
  let origin = seen.get(request);
  if (origin) return origin;
  const url = new URL(request.url);
  origin = resolveOrigin(
    {
      peer: nodeRequestOf(request)?.socket?.remoteAddress,
      scheme: url.protocol === "https:" ? "https" : "http",
      host: request.headers.get("host") ?? url.host,
    },
    (name) => request.headers.get(name),
    config.trustedProxies,
  );
  seen.set(request, origin);
  return origin;
}

/**
 * Where absolute links point: SVC_PUBLIC_URL when set, else the scheme and host a trusted proxy reported; undefined
 * when neither says (a link then stays a path, as before).
 */
export function publicBase(config: OriginConfig, request: Request): string | undefined {
  if (config.publicUrl) return config.publicUrl.href;
  const origin = requestOrigin(config, request);
  return origin.forwarded ? `${origin.scheme}://${origin.host}` : undefined;
}
