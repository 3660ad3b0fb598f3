// Every failure a client can see. The code list is part of the API: REST and RPC map it once each.
export type Code =
  | "invalid_argument"
  | "not_found"
  | "already_exists"
  | "failed_precondition"
  | "unauthenticated"
  | "permission_denied"
  | "resource_exhausted"
  | "unavailable"
  | "unimplemented"
  | "internal";

export interface AppErrorOptions {
  /** Overrides the status both surfaces would derive from the code (e.g. 413 for an oversized body). */
  httpStatus?: number;
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
  /** Machine-readable details merged into the response body (e.g. `reason` on 401). */
  details?: Record<string, unknown>;
  /** The specification's own name for this failure, where it has one (`invalid_invite`): the problem's `code`. */
  problemCode?: string;
}

export class AppError extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const invalid = (message: string, details?: Record<string, unknown>) =>
  new AppError("invalid_argument", message, { details });
export const notFound = (message: string) => new AppError("not_found", message);
export const alreadyExists = (message: string) => new AppError("already_exists", message);
export const failedPrecondition = (message: string) => new AppError("failed_precondition", message);
