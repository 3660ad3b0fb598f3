// Who may use the consumer portal's API, and for which consumer.
import type { AppContext } from "../app/context.ts";
import type { Principal } from "./principal.ts";
import { AppError, invalid } from "../errors.ts";
import { authenticate } from "./authenticate.ts";
import { credentialOf } from "./credentials.ts";
import { TOKEN_PREFIX } from "./tokens.ts";

export interface PortalGrant {
  principal: Principal;
  /** The consumer every portal route acts on; it comes from the credential, never from the URL. */
  consumer: string;
}

/** Header naming the consumer when the master key (or disabled auth) is used on the portal API. */
export const CONSUMER_HEADER = "x-svc-consumer";

function consumerHeader(request: Request): string {
  const consumer = request.headers.get(CONSUMER_HEADER)?.trim();
  if (!consumer || !/^[A-Za-z0-9._:-]{1,128}$/.test(consumer))
    throw invalid(`with the master key the portal API needs the ${CONSUMER_HEADER} header naming a consumer`);
  return consumer;
}

/**
 * A consumer token acts for its own consumer. A valid master key outranks portal scoping: it acts for the consumer of
 * a consumer token sent alongside (Authorization: Bearer), or for the one named in X-Svc-Consumer.
 * Tenant-wide tokens are refused here (they belong on /v1).
 */
export async function authenticatePortal(app: AppContext, request: Request): Promise<PortalGrant> {
  const principal = await authenticate(app, request);
  if (principal.kind === "token") {
    if (principal.consumer) return { principal, consumer: principal.consumer };
    throw new AppError("permission_denied", "a tenant-wide token cannot use the portal API; use /v1");
  }
  // Master key (or authentication disabled): a consumer token in Authorization still names the consumer.
  const bearer = /^Bearer\s+(\S+)/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (bearer?.startsWith(TOKEN_PREFIX) && bearer !== credentialOf(request)) {
    const token = await app.tokens.verify(bearer);
    if (token.consumer) return { principal, consumer: token.consumer };
  }
  if (principal.kind === "disabled" && bearer?.startsWith(TOKEN_PREFIX)) {
    const token = await app.tokens.verify(bearer);
    if (token.consumer) return { principal: token, consumer: token.consumer };
  }
  return { principal, consumer: consumerHeader(request) };
}
