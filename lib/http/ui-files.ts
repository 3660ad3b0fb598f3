// The built dashboard and portal: the two app shells, hashed assets under /_app/* and /favicon.png, carried inside
// the build (lib/embedded.ts). The UI reaches the server only through HTTP like any client; this file only hands out
// its files.
import type { Config } from "../config.ts";
import { embeddedFile } from "../embedded.ts";
import { AppError } from "../errors.ts";
import { prefixLinks } from "./path-prefix.ts";
import { Response } from "./respond.ts";

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  woff2: "font/woff2",
  woff: "font/woff",
  svg: "image/svg+xml",
  png: "image/png",
  json: "application/json",
  html: "text/html; charset=utf-8",
};

// Hashed names never change content: a year, immutable. Shells are revalidated on every load.
const IMMUTABLE = "public, max-age=31536000, immutable";
const SHELL = "no-cache";

/** The UI's files by name (`admin.html`, `portal.html`, `favicon.png`, `_app/<hashed name>`): the bytes, or undefined. */
export function uiFile(name: string): Uint8Array | undefined {
  return embeddedFile("ui", name);
}

/** The shells name their assets from the root; under a path prefix (SVC_PUBLIC_URL) they name them under it. */
function shellBytes(name: string, prefix: string): Uint8Array | undefined {
  const bytes = uiFile(name);
  if (!bytes || !prefix) return bytes;
  return new TextEncoder().encode(prefixLinks(new TextDecoder().decode(bytes), prefix, ["/_app/", "/favicon.png"]));
}

function send(name: string, cacheControl: string, prefix = ""): Promise<Response> {
  const bytes = name.endsWith(".html") ? shellBytes(name, prefix) : uiFile(name);
  if (!bytes) {
    if (name.endsWith(".html"))
      return Promise.reject(new AppError("unavailable", "the UI is not built: run `npm run build`"));
    return Promise.reject(new AppError("not_found", `no UI asset named ${name}`));
  }
  const type = TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? "application/octet-stream";
  return Promise.resolve(
    new Response(new Uint8Array(bytes), { headers: { "content-type": type, "cache-control": cacheControl } }),
  );
}

const firstSegment = (pathname: string) => pathname.split("/")[1] ?? "";

/** Paths of the API, RPC and the portal gateway: never an app shell, even when no route matches. */
function apiPath(pathname: string): boolean {
  const first = firstSegment(pathname);
  return (
    first === "v1" || first.startsWith("webhook.") || pathname === "/portal/api" || pathname.startsWith("/portal/api/")
  );
}

/**
 * The UI's answer for a GET no route owns: the portal shell (always), `/_app/*` and `/favicon.png` (always), the
 * dashboard shell for every other path when SVC_SERVE_UI is on; undefined when the UI has nothing there.
 */
export function uiResponse(
  config: Pick<Config, "serveUi" | "publicUrl">,
  method: string,
  pathname: string,
): Promise<Response> | undefined {
  if (method !== "GET" && method !== "HEAD") return undefined;
  if (pathname === "/favicon.png") return send("favicon.png", "public, max-age=86400");
  if (pathname.startsWith("/_app/")) {
    const name = pathname.slice("/_app/".length);
    if (!/^[\w-]+(\.[\w-]+)*$/.test(name))
      return Promise.reject(new AppError("not_found", `no UI asset named ${name}`));
    return send(`_app/${name}`, IMMUTABLE);
  }
  if (apiPath(pathname)) return undefined;
  const prefix = config.publicUrl?.prefix ?? "";
  if (pathname === "/portal" || pathname.startsWith("/portal/")) return send("portal.html", SHELL, prefix);
  if (config.serveUi) return send("admin.html", SHELL, prefix);
  return undefined;
}
