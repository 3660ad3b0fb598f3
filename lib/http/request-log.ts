// The one place a request is logged when it ends, with the client's address, method, route and status: a success
// at debug, a refusal (4xx, or an RPC failing with a caller's code) at debug with its code and reason, a server-side
// fault (5xx, or an RPC failing with a server's code) at error. The line is written inside the request's span, so
// it carries the request's trace_id and span_id while tracing is on. The route is the template, never the raw path.
import { context } from "@opentelemetry/api";
import { Code, type ConnectError } from "@connectrpc/connect";
import type { AppError } from "../errors.ts";
import type { Logger } from "../log.ts";
import { traceContextOf } from "./request-span.ts";

/** Why a request failed, as its handler or the RPC layer saw it; gRPC and gRPC-Web answer HTTP 200 even then. */
export interface RequestFailure {
  /** svc's error code (`invalid_argument`, `internal`, …) or the RPC code's name for refusals made by the framing. */
  code: string;
  reason: string;
  /** A fault of svc's (internal, unavailable, …) rather than of the caller. */
  serverFault: boolean;
}

const failures = new WeakMap<object, RequestFailure>();

/** Records why `request` failed, for the line logged when it ends. */
export function noteFailure(request: object, failure: RequestFailure): void {
  failures.set(request, failure);
}

export const failureOf = (err: AppError): RequestFailure => ({
  code: err.code,
  reason: err.message,
  serverFault: err.code === "internal" || err.code === "unavailable",
});

/** gRPC's server-side codes (UNKNOWN, INTERNAL, UNAVAILABLE, DATA_LOSS), as the request span counts them. */
const SERVER_CODES = new Set([Code.Unknown, Code.Internal, Code.Unavailable, Code.DataLoss]);

/** An RPC failure in svc's spelling of its code (`invalid_argument`). */
export const rpcFailureOf = (err: ConnectError): RequestFailure => ({
  code: Code[err.code].replace(/[A-Z]/g, (c, i: number) => (i ? "_" : "") + c.toLowerCase()),
  reason: err.rawMessage,
  serverFault: SERVER_CODES.has(err.code),
});

export interface RequestEnd {
  method: string;
  /** The route template matched, or "unmatched". */
  route: string;
  /** The HTTP status sent. */
  status: number;
  /** The client's address (behind trusted proxies, the one they name); asked only when the line is written. */
  clientAddress?: () => string | undefined;
}

/**
 * Logs the end of `request`, once: `request` at debug for a success, `request refused` at debug for a refusal,
 * `request failed` at error for a fault.
 */
export function logRequest(log: Logger, request: object, end: RequestEnd): void {
  const failure = failures.get(request);
  const fault = end.status >= 500 || failure?.serverFault === true;
  if (!fault && !log.enabled("debug")) return;
  const fields = {
    client_address: end.clientAddress?.(),
    method: end.method,
    route: end.route,
    status: end.status,
    ...(failure ? { code: failure.code, reason: failure.reason } : {}),
  };
  const refused = end.status >= 400 || failure !== undefined;
  const write = () =>
    fault ? log.error("request failed", fields) : log.debug(refused ? "request refused" : "request", fields);
  const traced = traceContextOf(request);
  if (traced) context.with(traced, write);
  else write();
}
