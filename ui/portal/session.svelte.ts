// The portal's credential: a consumer token from the fragment (#token=…, or #invite=… redeemed first), moved to
// sessionStorage at once and sent only in the Authorization header. Every call goes to /portal/api/*.
import { createApi, problemText } from "../lib/api.ts";
import { prefix } from "../lib/router.svelte.ts";

const TOKEN_KEY = "svc.portal-token";
const LOOK_KEY = "svc.portal-look";

/** Why the portal cannot show anything: each has its own full-page message. */
export type Blocked = "missing" | "expired" | "invalid" | "tenant" | "invite";

export const portal = $state({
  token: undefined as string | undefined,
  /** The consumer the token acts for (from /portal/api/whoami). */
  consumer: undefined as string | undefined,
  ready: false,
  blocked: undefined as Blocked | undefined,
  /** The server's sentence for a refused invite. */
  detail: undefined as string | undefined,
  theme: "auto" as "light" | "dark" | "auto",
  accent: undefined as string | undefined,
});

function read(key: string): string | undefined {
  try {
    return sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: string | undefined) {
  try {
    if (value === undefined) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (some embedded contexts): the credential lives in memory for this page only.
  }
}

function keep(token: string | undefined) {
  portal.token = token;
  write(TOKEN_KEY, token);
}

/** Reads the fragment and clears it from the address bar before anything else runs. */
export function takeFragment(): URLSearchParams {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  if (window.location.hash) history.replaceState(history.state, "", window.location.pathname + window.location.search);
  return fragment;
}

/** theme= and accent= (kept for the tab, so a reload looks the same). */
function applyLook(fragment: URLSearchParams) {
  let look: { theme?: string; accent?: string } = {};
  try {
    look = JSON.parse(read(LOOK_KEY) ?? "{}");
  } catch {
    look = {};
  }
  const theme = fragment.get("theme") ?? look.theme;
  if (theme === "light" || theme === "dark" || theme === "auto") portal.theme = theme;
  const accent = fragment.get("accent") ?? look.accent;
  if (accent && /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.test(accent))
    portal.accent = accent.startsWith("#") ? accent : `#${accent}`;
  write(LOOK_KEY, JSON.stringify({ theme: portal.theme, accent: portal.accent }));
}

function block(reason: Blocked, detail?: string) {
  portal.blocked = reason;
  portal.detail = detail;
  // A refused token is forgotten (a tenant-wide one must not linger in the frame); a failed invite leaves any
  // earlier portal token alone.
  if (reason !== "invite") keep(undefined);
}

/**
 * The typed client over the admin paths, rewritten to the portal gateway: /v1/consumers/{c}/x → /portal/api/x
 * (the consumer comes from the token on the server) and /v1/x → /portal/api/x.
 */
export const portalApi = createApi({
  credential: () => portal.token,
  onUnauthorized: (body) => {
    // The token ended while the page was open (expiry, revocation): the whole page says so.
    block(
      body.reason === "expired" || body.reason === "revoked"
        ? "expired"
        : body.reason === "missing"
          ? "missing"
          : "invalid",
    );
  },
  rewrite(url) {
    const path = url.pathname.slice(prefix.length);
    const m = /^\/v1\/consumers\/[^/]+\/(.*)$/.exec(path) ?? /^\/v1\/(.*)$/.exec(path);
    if (m) url.pathname = `${prefix}/portal/api/${m[1]}`;
    return url;
  },
});

/** Path parameters of /v1/consumers/{consumer}/…: the consumer segment is dropped by the rewrite. */
export const consumerPath = <T extends object>(extra?: T) => ({ consumer: "-", ...extra }) as { consumer: string } & T;

/** On load: take the fragment, redeem an invite, then ask the gateway who the token is. */
export async function startPortalSession() {
  const fragment = takeFragment();
  applyLook(fragment);
  const token = fragment.get("token");
  const invite = fragment.get("invite");
  if (token) keep(token);
  else portal.token = read(TOKEN_KEY);
  try {
    if (invite) {
      const { data, error } = await portalApi.POST("/portal/api/invite/redeem", { body: { invite } });
      if (!data) return block("invite", problemText(error, "it is unknown, expired, cancelled or already used"));
      keep(data.secret);
    }
    if (!portal.token) return block("missing");
    const { data, response } = await portalApi.GET("/v1/whoami");
    if (response.status === 403) return block("tenant");
    if (response.status === 401) return; // onUnauthorized has blocked the page with the reason.
    if (!data?.consumer) return block("tenant");
    portal.consumer = data.consumer;
  } catch {
    block("invalid");
  } finally {
    portal.ready = true;
  }
}
