// The portal's credential: a consumer token from the fragment (#token=…), moved to sessionStorage at once and
// sent only in the Authorization header. Every call goes to /portal/api/*.
import { createApi } from "../lib/api.ts";

const KEY = "svc.portal-token";

export const portal = $state({
  token: undefined as string | undefined,
  /** The link's token was refused (expired, revoked or not a consumer token). */
  refused: undefined as string | undefined,
  theme: "auto" as "light" | "dark" | "auto",
  accent: undefined as string | undefined,
});

/** Reads and clears the fragment: token, theme and accent. */
export function startPortalSession() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  if (window.location.hash) history.replaceState(null, "", window.location.pathname + window.location.search);
  const token = fragment.get("token");
  try {
    if (token) sessionStorage.setItem(KEY, token);
    portal.token = sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    portal.token = token ?? undefined;
  }
  const theme = fragment.get("theme");
  if (theme === "light" || theme === "dark" || theme === "auto") portal.theme = theme;
  const accent = fragment.get("accent");
  if (accent && /^#?[0-9a-f]{3,8}$/i.test(accent)) portal.accent = accent.startsWith("#") ? accent : `#${accent}`;
}

/**
 * The typed client over the admin paths, rewritten to the portal gateway: /v1/consumers/{c}/x → /portal/api/x
 * (the consumer comes from the token on the server) and /v1/x → /portal/api/x.
 */
export const portalApi = createApi({
  credential: () => portal.token,
  onUnauthorized: (body) => {
    portal.refused = body.reason ?? "invalid";
  },
  rewrite(url) {
    const m = /^\/v1\/consumers\/[^/]+\/(.*)$/.exec(url.pathname) ?? /^\/v1\/(.*)$/.exec(url.pathname);
    if (m) url.pathname = `/portal/api/${m[1]}`;
    return url;
  },
});
