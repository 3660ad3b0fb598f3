// An AppError's details (the 401 reason, per-field problems, the body limit) as the `webhook.ErrorDetails`
// message: a Connect/gRPC error detail for the protocols connect-es frames, and the Connect JSON `details` entry.
import { create, toBinary } from "@bufbuild/protobuf";
import type { AppError } from "../../errors.ts";
import { ErrorDetailsSchema, type ErrorDetails } from "./gen/webhook_pb.ts";

export function errorDetailsOf(err: AppError): ErrorDetails | undefined {
  const d = err.options.details;
  if (!d) return undefined;
  const fieldErrors = Array.isArray(d.errors) ? (d.errors as { field: string; message: string }[]) : [];
  const reason = typeof d.reason === "string" ? d.reason : "";
  const limitBytes = typeof d.limit_bytes === "number" ? BigInt(d.limit_bytes) : 0n;
  if (!reason && !fieldErrors.length && !limitBytes) return undefined;
  return create(ErrorDetailsSchema, { reason, fieldErrors, limitBytes });
}

/** The Connect protocol's JSON form of a detail: its type name, its binary encoding in base64, a readable copy. */
export function connectJsonDetail(details: ErrorDetails) {
  const debug: Record<string, unknown> = {};
  if (details.reason) debug.reason = details.reason;
  if (details.fieldErrors.length)
    debug.field_errors = details.fieldErrors.map((f) => ({ field: f.field, message: f.message }));
  if (details.limitBytes) debug.limit_bytes = Number(details.limitBytes);
  return {
    type: ErrorDetailsSchema.typeName,
    value: Buffer.from(toBinary(ErrorDetailsSchema, details)).toString("base64").replace(/=+$/, ""),
    debug,
  };
}
