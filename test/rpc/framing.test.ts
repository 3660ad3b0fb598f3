// A request no message can be read from is the caller's mistake in every protocol connect-es frames: an
// undecodable protobuf body, a frame whose length prefix lies, a truncated frame, a compressed flag without a
// grpc-encoding, a frame count other than one, flags that are not 0 or 1 — INVALID_ARGUMENT (HTTP 400 on Connect,
// grpc-status 3 on gRPC-Web and gRPC) with a short reason and none of the parser's words; a message larger than
// SVC_MAX_BODY_BYTES is RESOURCE_EXHAUSTED. Never INTERNAL, and the server keeps serving.
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { test } from "node:test";
import { create, toBinary } from "@bufbuild/protobuf";
import * as pb from "../../lib/http/rpc/gen/webhook_pb.ts";
import { frame, isFramed, RPC_PROTOCOLS, rpcWire, type RpcOutcome } from "../helpers/rpc-wire.ts";
import { sharedService, TEST_API_KEY } from "../helpers/service.ts";

const LIMIT = 1024 * 1024;
const svc = sharedService({ env: { SVC_MAX_BODY_BYTES: String(LIMIT) } });
const LIST = "/webhook.WebhookService/ListWebhooks";

const valid = toBinary(pb.ListWebhooksRequestSchema, create(pb.ListWebhooksRequestSchema, { namespace: "default" }));
/** Bytes protobuf cannot decode: a field whose length runs past the end, and wire type 7, which does not exist. */
const UNDECODABLE = { "premature end": Buffer.from([0x0a, 0x10, 0x61]), "wire type 7": Buffer.from([0x77, 0x01]) };

/** What no answer may show: the parser's own words, a stack, or an internal error. */
function assertCallerError(outcome: RpcOutcome, code: string, what: string) {
  assert.equal(outcome.code, code, `${what}: ${outcome.code} ${outcome.message}`);
  assert.ok(outcome.message.length > 0 && outcome.message.length <= 200, `${what}: a short reason: ${outcome.message}`);
  assert.doesNotMatch(
    outcome.raw,
    /parse binary|premature EOF|illegal tag|readMaxBytes|envelope|\bat .+:\d+:\d+/,
    what,
  );
}

test("an undecodable protobuf message is INVALID_ARGUMENT in every protocol: 400 on Connect, grpc-status 3 on gRPC-Web and gRPC", async () => {
  const wire = rpcWire(svc().url, TEST_API_KEY);
  try {
    for (const protocol of RPC_PROTOCOLS) {
      for (const [name, bytes] of Object.entries(UNDECODABLE)) {
        const outcome = await wire.send(protocol, LIST, isFramed(protocol) ? frame(bytes) : bytes);
        assertCallerError(outcome, "invalid_argument", `${protocol}, ${name}`);
        assert.equal(outcome.http, isFramed(protocol) ? 200 : 400, `${protocol}, ${name}`);
        assert.match(outcome.message, /webhook\.ListWebhooksRequest/, `${protocol}, ${name}: names the message`);
      }
      assert.equal((await wire.send(protocol, LIST, isFramed(protocol) ? frame(valid) : valid)).code, "ok", protocol);
    }
  } finally {
    wire.close();
  }
});

test("gRPC and gRPC-Web frames that lie about their length, are cut short, come in the wrong number or with wrong flags are INVALID_ARGUMENT", async () => {
  const frames: Record<string, Buffer> = {
    "length prefix longer than the body": frame(valid, 0, valid.length + 40),
    "length prefix shorter than the body": frame(valid, 0, 1),
    "a header cut after 3 bytes": Buffer.from([0, 0, 0]),
    "a frame cut inside its message": frame(valid).subarray(0, 6),
    "compressed flag without a grpc-encoding": frame(gzipSync(valid), 1),
    "no frame at all": Buffer.alloc(0),
    "two messages for a unary call": Buffer.concat([frame(valid), frame(valid)]),
    "the trailer flag 0x80 on a request": frame(valid, 0x80),
    "reserved flag bits": frame(valid, 0x02),
  };
  const wire = rpcWire(svc().url, TEST_API_KEY);
  try {
    for (const protocol of RPC_PROTOCOLS.filter(isFramed)) {
      for (const [name, bytes] of Object.entries(frames)) {
        assertCallerError(await wire.send(protocol, LIST, bytes), "invalid_argument", `${protocol}, ${name}`);
      }
    }
  } finally {
    wire.close();
  }
});

test("a frame whose length prefix passes SVC_MAX_BODY_BYTES is RESOURCE_EXHAUSTED", async () => {
  const wire = rpcWire(svc().url, TEST_API_KEY);
  try {
    for (const protocol of RPC_PROTOCOLS.filter(isFramed)) {
      for (const length of [LIMIT + 1, 0xffffffff]) {
        const outcome = await wire.send(protocol, LIST, frame(new Uint8Array(8), 0, length));
        assertCallerError(outcome, "resource_exhausted", `${protocol}, length prefix ${length}`);
        assert.match(outcome.message, new RegExp(String(LIMIT)), protocol);
      }
    }
  } finally {
    wire.close();
  }
});

test("gRPC with grpc-encoding gzip decompresses a compressed frame; a frame that is not gzip is INVALID_ARGUMENT", async () => {
  const wire = rpcWire(svc().url, TEST_API_KEY);
  try {
    const gzip = { "grpc-encoding": "gzip" };
    assert.equal((await wire.send("grpc", LIST, frame(gzipSync(valid), 1), gzip)).code, "ok");
    assertCallerError(await wire.send("grpc", LIST, frame(valid, 1), gzip), "invalid_argument", "not gzip");
    const bomb = gzipSync(Buffer.alloc(LIMIT + 1));
    assertCallerError(
      await wire.send("grpc", LIST, frame(bomb, 1), gzip),
      "resource_exhausted",
      "inflates past the limit",
    );
    // An encoding svc does not accept stays gRPC's UNIMPLEMENTED, naming the ones it does.
    assert.equal((await wire.send("grpc", LIST, frame(valid, 1), { "grpc-encoding": "snappy" })).code, "unimplemented");
  } finally {
    wire.close();
  }
  assert.equal((await svc().request("/health", { apiKey: null })).status, 200);
});

test("Connect with a content-encoding svc does not accept is INVALID_ARGUMENT (400), not connect-es's UNIMPLEMENTED 501", async () => {
  const wire = rpcWire(svc().url, TEST_API_KEY);
  try {
    for (const encoding of ["gzip", "br", "snappy"]) {
      const outcome = await wire.send("connect", LIST, valid, { "content-encoding": encoding });
      assertCallerError(outcome, "invalid_argument", encoding);
      assert.equal(outcome.http, 400, encoding);
      assert.match(outcome.message, new RegExp(`"${encoding}"`), encoding);
    }
    assert.equal((await wire.send("connect", LIST, valid, { "content-encoding": "identity" })).code, "ok");
  } finally {
    wire.close();
  }
});

test("a Connect GET without an encoding, or with a Content-Type, answers a Connect JSON error (not a bodiless 415)", async () => {
  const url = `${svc().url}/webhook.WebhookService/ListWebhooks`;
  const headers = { "x-api-key": TEST_API_KEY };
  for (const query of ["", "?connect=v1", "?encoding=xml&message=%7B%7D"]) {
    const res = await fetch(url + query, { headers });
    assert.equal(res.status, 400, query);
    const body = await res.json();
    assert.equal(body.code, "invalid_argument", query);
    assert.match(body.message, /encoding/, query);
  }
  const message = encodeURIComponent(JSON.stringify({ namespace: "default" }));
  const typed = await fetch(`${url}?encoding=json&message=${message}`, {
    headers: { ...headers, "content-type": "text/plain" },
  });
  assert.equal(typed.status, 200, "a GET's Content-Type is ignored");
});
