// Who is calling: the master key (checked in memory, constant time), an access token, or nobody.
import type { AppContext } from "../app/context.ts";
import type { Principal } from "./principal.ts";
import { AppError } from "../errors.ts";
import { credentialOf, secretMatches } from "./credentials.ts";
import { unauthenticated } from "./errors.ts";
import { TOKEN_PREFIX } from "./tokens.ts";

export { unauthenticated, type UnauthenticatedReason } from "./errors.ts";

const masterKeys = new WeakMap<object, Buffer>();

function masterKeyBytes(app: AppContext, key: string): Buffer {
  let bytes = masterKeys.get(app.config);
  if (!bytes) masterKeys.set(app.config, (bytes = Buffer.from(key, "utf8")));
  return bytes;
}

export async function authenticate(app: Pick<AppContext, "config" | "tokens">, request: Request): Promise<Principal> {
  const masterKey = app.config.apiKey;
  if (!masterKey) return { kind: "disabled" };
  const credential = credentialOf(request);
  if (!credential)
    throw unauthenticated("missing", "a credential is required: send X-API-Key or Authorization: Bearer");
  if (secretMatches(credential, masterKeyBytes(app as AppContext, masterKey))) return { kind: "master" };
  if (credential.startsWith(TOKEN_PREFIX)) return app.tokens.verify(credential);
  throw unauthenticated("invalid", "the credential is not valid");
}

/** Admin routes accept the master key and tenant-wide tokens; consumer tokens belong on /portal/api. */
export function requireAdmin(principal: Principal): void {
  if (principal.kind === "token" && principal.consumer !== null) {
    throw new AppError("permission_denied", "a consumer-scoped token cannot use the admin API; use /portal/api");
  }
}

/** Token and invite management, and the browser sign-in exchange, are for the master key and tenant-wide tokens. */
export function requireMaster(principal: Principal): void {
  if (principal.kind !== "master" && principal.kind !== "disabled")
    throw new AppError("permission_denied", "only the master key can do this");
}
