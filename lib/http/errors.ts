// Turns any thrown value into a response: once as a Connect error (RPC), once as problem+json (REST).
import { AppError, type Code } from "../errors.ts";
import { isConnectionError } from "../db/pool.ts";
import type { Logger } from "../log.ts";
import { Response, json } from "./respond.ts";
import { connectJsonDetail, errorDetailsOf } from "./rpc/error-details.ts";

// Connect protocol's HTTP status per code.
const connectStatus: Record<Code, number> = {
  invalid_argument: 400,
  failed_precondition: 400,
  unauthenticated: 401,
  permission_denied: 403,
  not_found: 404,
  already_exists: 409,
  resource_exhausted: 429,
  unimplemented: 404,
  unavailable: 503,
  internal: 500,
};

// REST differs only where HTTP has a better word: a failed precondition is a conflict with the resource's state.
const restStatus: Record<Code, number> = { ...connectStatus, failed_precondition: 409, unimplemented: 501 };

const titles: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
};

/** Known failures pass through; PostgreSQL input errors become 400s; anything else is an internal error. */
export function toAppError(err: unknown, log: Logger, context: Record<string, unknown> = {}): AppError {
  if (err instanceof AppError) return err;
  if (isConnectionError(err)) {
    log.warn("database unavailable", { ...context, error: (err as Error).message });
    return new AppError("unavailable", "the database is unavailable; retry shortly", {
      headers: { "retry-after": "5" },
    });
  }
  const pgCode = (err as { code?: string } | undefined)?.code;
  // A safety net: validation should catch these first, but a bad value must never become a 500.
  // 22P05/22021: text PostgreSQL cannot store, such as a NUL character (\u0000) inside a JSON payload.
  if (pgCode && ["22P02", "22003", "22007", "22008", "22023", "22P05", "22021", "2202E", "22001"].includes(pgCode)) {
    log.warn("database rejected an input value", { ...context, pg_code: pgCode, error: (err as Error).message });
    return new AppError("invalid_argument", "a value in the request is out of range or malformed");
  }
  log.error("unhandled error", { ...context, error: err instanceof Error ? err : String(err) });
  return new AppError("internal", "internal error");
}

export function connectError(err: AppError): Response {
  const status = err.options.httpStatus ?? connectStatus[err.code];
  // The details twice: as top-level fields (the CONTRACT's JSON errors) and as a Connect `details` entry, which
  // a generated Connect client decodes like the binary protocols' detail.
  const details = errorDetailsOf(err);
  const body = {
    code: err.code,
    message: err.message,
    ...err.options.details,
    ...(details ? { details: [connectJsonDetail(details)] } : {}),
  };
  return json(body, status, err.options.headers);
}

/**
 * RFC 9457 problem+json, the one error shape of `/v1`, `/portal/api` and the system routes. A 401 also carries the
 * specification's own body, `error: "unauthorized"` with `reason` and `message`, inside the problem.
 */
export function problem(err: AppError, instance?: string): Response {
  const status = err.options.httpStatus ?? restStatus[err.code];
  const body = {
    type: "about:blank",
    title: titles[status] ?? "Error",
    status,
    detail: err.message,
    code: err.options.problemCode ?? err.code,
    ...(instance ? { instance } : {}),
    ...(status === 401 ? { error: "unauthorized", message: err.message } : {}),
    ...err.options.details,
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/problem+json", ...err.options.headers },
  });
}
