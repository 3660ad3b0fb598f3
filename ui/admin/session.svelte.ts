// Who the dashboard acts as: a browser token (never the master key) kept in localStorage, or nothing when the
// server has authentication disabled. The first 401 asks for sign-in.
import { createApi, must, problemText } from "../lib/api.ts";

const TOKEN_KEY = "svc.browser-token";

export const session = $state({
  token: undefined as string | undefined,
  /** The server answered 401: show the sign-in form. */
  signInNeeded: false,
  /** Known after the first whoami. */
  authEnabled: undefined as boolean | undefined,
  tokenId: undefined as string | undefined,
  name: undefined as string | undefined,
  ready: false,
  notice: undefined as string | undefined,
});

function stored(): string | undefined {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function keep(token: string | undefined) {
  session.token = token;
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused (private mode): the token lives for this tab only.
  }
}

export const api = createApi({
  credential: () => session.token,
  onUnauthorized: () => {
    session.signInNeeded = true;
  },
});

/** "dashboard (Chrome on Linux)": how the token shows in the Access list. */
function browserName(): string {
  const ua = navigator.userAgent;
  const browser = /Firefox\//.test(ua)
    ? "Firefox"
    : /Edg\//.test(ua)
      ? "Edge"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "a browser";
  const os = /Windows/.test(ua)
    ? "Windows"
    : /Mac OS X/.test(ua)
      ? "macOS"
      : /Android/.test(ua)
        ? "Android"
        : /iPhone|iPad/.test(ua)
          ? "iOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return `dashboard (${browser}${os ? ` on ${os}` : ""})`;
}

/** A client that sends one given secret (sign-in checks it before anything is kept). */
const withSecret = (secret: string) => createApi({ credential: () => secret });

async function whoami(): Promise<boolean> {
  const { data, response } = await api.GET("/v1/whoami");
  if (response.status === 401) {
    session.signInNeeded = true;
    return false;
  }
  if (!data) throw new Error(`whoami failed: ${response.status}`);
  session.authEnabled = data.auth_enabled;
  session.tokenId = data.token_id ?? undefined;
  session.name = data.name ?? undefined;
  session.signInNeeded = false;
  return true;
}

/** On load: redeem an invite from the fragment (then clear it), then learn who we are. */
export async function startSession() {
  session.token = stored();
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const invite = fragment.get("invite");
  if (invite) {
    history.replaceState(null, "", window.location.pathname + window.location.search);
    const { data, error } = await api.POST("/invite/redeem", { body: { invite } });
    if (data) {
      keep(data.secret);
      session.notice = "Invite accepted: you are signed in.";
    } else
      session.notice = `This invite link cannot be used: ${problemText(error, "it is unknown, expired, cancelled or already used")}. Ask for a new one.`;
  }
  try {
    await whoami();
  } finally {
    session.ready = true;
  }
}

/**
 * Signs in with a pasted secret. A master key is exchanged for a named browser token (the key itself is kept
 * nowhere); an access token is kept as it is.
 */
export async function signIn(secret: string): Promise<void> {
  const client = withSecret(secret.trim());
  const exchanged = await client.POST("/v1/browser-tokens", { body: { name: browserName() } });
  if (exchanged.data) keep(exchanged.data.secret);
  else if (exchanged.response.status === 403) {
    // Not the master key but an accepted credential: a tenant-wide access token.
    await must(client.GET("/v1/whoami"));
    keep(secret.trim());
  } else
    throw new Error(
      exchanged.response.status === 401 ? "That key or token was not accepted." : problemText(exchanged.error),
    );
  await whoami();
}

/** Revokes the browser token on the server, then forgets it. */
export async function signOut(): Promise<void> {
  if (session.tokenId) await api.DELETE("/v1/tokens/{token_id}", { params: { path: { token_id: session.tokenId } } });
  keep(undefined);
  session.tokenId = undefined;
  session.signInNeeded = true;
}
