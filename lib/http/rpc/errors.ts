// AppError → ConnectError: the same codes in every protocol connect-es frames (Connect binary, GET,
// gRPC-Web, gRPC); connect-es then derives the HTTP status or grpc-status from the code.
import { Code as ConnectCode, ConnectError } from "@connectrpc/connect";
import type { AppError, Code } from "../../errors.ts";
import { ErrorDetailsSchema } from "./gen/webhook_pb.ts";
import { errorDetailsOf } from "./error-details.ts";

const connectCodes: Record<Code, ConnectCode> = {
  invalid_argument: ConnectCode.InvalidArgument,
  not_found: ConnectCode.NotFound,
  already_exists: ConnectCode.AlreadyExists,
  failed_precondition: ConnectCode.FailedPrecondition,
  unauthenticated: ConnectCode.Unauthenticated,
  permission_denied: ConnectCode.PermissionDenied,
  resource_exhausted: ConnectCode.ResourceExhausted,
  unavailable: ConnectCode.Unavailable,
  unimplemented: ConnectCode.Unimplemented,
  internal: ConnectCode.Internal,
};

/** The error's code and message; its extra headers (Retry-After) travel as metadata, its details as a detail. */
export function toConnectError(err: AppError): ConnectError {
  const details = errorDetailsOf(err);
  return new ConnectError(
    err.message,
    connectCodes[err.code],
    err.options.headers,
    details ? [{ desc: ErrorDetailsSchema, value: details }] : undefined,
  );
}
