// The path prefix svc is served under (the path of SVC_PUBLIC_URL, e.g. /svc): requests may arrive with it (a proxy
// that passes the path on) or without it (a proxy that strips it); both reach the same routes. Pages that name their
// own assets get the prefix written into those links.

/** The request target without the prefix: `/svc/v1/x?y` → `/v1/x?y`, `/svc` → `/`; other targets unchanged. */
export function withoutPrefix(target: string, prefix: string): string {
  if (!prefix || !target.startsWith(prefix)) return target;
  const rest = target.slice(prefix.length);
  if (rest === "") return "/";
  if (rest.startsWith("/")) return rest;
  if (rest.startsWith("?")) return `/${rest}`;
  return target;
}

/** Strips the prefix from a Node request's URL before the fetch adapter (and the gRPC handler) read it. */
export function stripPrefix(req: { url?: string }, prefix: string): void {
  if (prefix && req.url !== undefined) req.url = withoutPrefix(req.url, prefix);
}

const cache = new Map<string, string>();

/**
 * A page's root-relative links (`"/_app/…"`, `"/favicon.png"`, `"/docs/…"`, `"/openapi.json"`) under the prefix;
 * the text unchanged without one.
 */
export function prefixLinks(text: string, prefix: string, roots: readonly string[]): string {
  if (!prefix) return text;
  const key = `${prefix}\u0000${roots.join(",")}\u0000${text}`;
  let out = cache.get(key);
  if (out === undefined) {
    out = text;
    for (const root of roots) out = out.replaceAll(`"${root}`, `"${prefix}${root}`);
    cache.set(key, out);
  }
  return out;
}
