// A small history router: the URL is the state (path = REST path without /v1, filters in the query string).
export const route = $state({ path: "/", search: "" });

/**
 * The path prefix the UI is served under: "" at the root, "/svc" behind a proxy at https://example.com/svc/. Read
 * from where the browser loaded this script (<prefix>/_app/<file>.js), the one URL the server writes the prefix into.
 * Paths inside the app (route.path, navigate, links) never carry it; `link` adds it for the browser.
 */
export const prefix = new URL(import.meta.url).pathname.replace(/\/_app\/[^/]*$/, "");

/** An app path (`/consumers/x`, `/portal/webhooks`, `/docs`) as the browser must request it. */
export const link = (path: string) => prefix + path;

/** The app path of a browser path, or undefined when it lies outside the prefix. */
function appPath(pathname: string): string | undefined {
  if (!prefix) return pathname;
  if (pathname === prefix) return "/";
  return pathname.startsWith(prefix + "/") ? pathname.slice(prefix.length) : undefined;
}

let base = "";

function read() {
  route.path = appPath(window.location.pathname) ?? window.location.pathname;
  route.search = window.location.search;
}

/** Starts listening; links inside `base` (e.g. "" or "/portal") navigate without reloading. */
export function startRouter(basePath = "") {
  base = basePath;
  read();
  window.addEventListener("popstate", read);
  document.addEventListener("click", (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.("a");
    if (!a || a.target || a.hasAttribute("download") || a.origin !== window.location.origin) return;
    const path = appPath(a.pathname);
    if (path === undefined || !ownsPath(path)) return;
    e.preventDefault();
    navigate(path + a.search + a.hash);
  });
}

function ownsPath(path: string): boolean {
  if (base) return path === base || path.startsWith(base + "/");
  return (
    !path.startsWith("/portal") && !path.startsWith("/v1/") && !path.startsWith("/docs") && !path.startsWith("/openapi")
  );
}

/** Goes to an app path (without the prefix). */
export function navigate(href: string, options: { replace?: boolean } = {}) {
  if (options.replace) history.replaceState(null, "", link(href));
  else history.pushState(null, "", link(href));
  read();
  if (!options.replace) window.scrollTo(0, 0);
}

/** Matches `/consumers/:consumer/webhooks/:id` against a path; parameters come back decoded. */
export function match(pattern: string, path = route.path): Record<string, string> | undefined {
  const norm = (p: string) => p.replace(/\/+$/, "") || "/";
  const want = norm(pattern).split("/");
  const got = norm(path).split("/");
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(":")) {
      if (!g) return undefined;
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return undefined;
      }
    } else if (w !== g) return undefined;
  }
  return params;
}

/** The current query string as an object (filters, page). */
export function queryParams(): URLSearchParams {
  return new URLSearchParams(route.search);
}

/** Changes query parameters in place (empty values are removed); replaces history by default. */
export function setQuery(
  updates: Record<string, string | number | undefined | null>,
  options: { push?: boolean } = {},
) {
  const q = queryParams();
  for (const [k, v] of Object.entries(updates)) {
    if (v === undefined || v === null || v === "") q.delete(k);
    else q.set(k, String(v));
  }
  const s = q.toString();
  navigate(route.path + (s ? `?${s}` : ""), { replace: !options.push });
}

/** Encodes one path segment (consumer and event-type names may hold ':' and '.'). */
export const seg = (value: string) => encodeURIComponent(value);
