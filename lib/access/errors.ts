// The spec's 401: a `reason` of missing, invalid, expired or revoked.
import { AppError } from "../errors.ts";

export type UnauthenticatedReason = "missing" | "invalid" | "expired" | "revoked";

export const unauthenticated = (reason: UnauthenticatedReason, message: string) =>
  new AppError("unauthenticated", message, {
    details: { reason },
    headers: { "www-authenticate": 'Bearer realm="svc"' },
  });
