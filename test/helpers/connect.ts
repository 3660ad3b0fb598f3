// For tests that call svc with stock Connect and gRPC clients: credentials on every call, and the code a call
// failed with.
import assert from "node:assert/strict";
import { ConnectError, type Code, type Interceptor } from "@connectrpc/connect";

/** Sends `key` as X-API-Key with every call. */
export const withKey =
  (key: string): Interceptor =>
  (next) =>
  (req) => {
    req.header.set("x-api-key", key);
    return next(req);
  };

/** The code the call failed with; a call that succeeds fails the test. */
export async function codeOf(call: Promise<unknown>): Promise<Code> {
  try {
    await call;
  } catch (err) {
    return ConnectError.from(err).code;
  }
  assert.fail("the call succeeded");
}
