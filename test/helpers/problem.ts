// The one error shape of /v1, /portal/api and the system routes: RFC 9457 problem+json with svc's `code`; a 401
// also carries the specification's own body (`error: "unauthorized"`, `reason`, `message`).
import assert from "node:assert/strict";

/** The contract's codes, and the specification's own name for a refused invite. */
export const PROBLEM_CODES = [
  "invalid_argument",
  "not_found",
  "already_exists",
  "failed_precondition",
  "unauthenticated",
  "permission_denied",
  "resource_exhausted",
  "unavailable",
  "unimplemented",
  "internal",
  "invalid_invite",
];

/** Asserts an error answer is a problem+json of `status`; returns the parsed body. */
export function assertProblem(status: number, contentType: string | null, text: string, what: string): any {
  assert.match(contentType ?? "", /^application\/problem\+json\b/, `${what}: content type of ${text.slice(0, 200)}`);
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    assert.fail(`${what}: a ${status} whose body is not JSON: ${text.slice(0, 200)}`);
  }
  assert.equal(body.type, "about:blank", `${what}: type`);
  assert.equal(typeof body.title, "string", `${what}: title`);
  assert.equal(body.status, status, `${what}: status`);
  assert.ok(typeof body.detail === "string" && body.detail.length > 0, `${what}: a detail: ${text.slice(0, 200)}`);
  assert.ok(PROBLEM_CODES.includes(body.code), `${what}: code ${body.code}`);
  if (status === 401) {
    assert.equal(body.error, "unauthorized", `${what}: the specification's 401 body`);
    assert.ok(["missing", "invalid", "expired", "revoked"].includes(body.reason), `${what}: reason ${body.reason}`);
    assert.equal(body.message, body.detail, `${what}: message`);
    assert.equal(body.code, "unauthenticated", `${what}: code`);
  }
  return body;
}
