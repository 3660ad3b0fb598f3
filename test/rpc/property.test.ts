// Property: whatever bytes reach an RPC method in the protocols connect-es frames — Connect binary (POST and GET),
// gRPC-Web and gRPC — undecodable messages, frames whose length prefix lies, flags that are not 0 or 1, compressed
// flags without (or with a bogus) encoding, truncated envelopes, several frames, oversized ones — the answer is a
// caller's error (or a success) in that protocol's own shape: never HTTP 5xx, never INTERNAL/UNKNOWN/UNAVAILABLE,
// never a missing grpc-status, never the parser's words or a stack; and the server keeps serving.
import assert from "node:assert/strict";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { create, toBinary, type DescMethod } from "@bufbuild/protobuf";
import fc from "fast-check";
import { rpcServices } from "../../lib/http/rpc/services.ts";
import { assertProperty } from "../helpers/property.ts";
import { frame, isFramed, RPC_PROTOCOLS, rpcWire, type RpcWire } from "../helpers/rpc-wire.ts";
import { sharedService, TEST_API_KEY } from "../helpers/service.ts";

const LIMIT = 1024 * 1024;
const svc = sharedService({ env: { SVC_MAX_BODY_BYTES: String(LIMIT) } });

const methods = rpcServices.flatMap((s) => s.methods.map((m) => ({ path: `/webhook.${s.name}/${m.name}`, method: m })));

/** Codes that say the server failed (as the request span counts them), and what no answer may show. */
const SERVER_CODES = new Set(["internal", "unknown", "unavailable", "data_loss"]);
const LEAKS = /parse binary|premature EOF|illegal tag|invalid wire type|readMaxBytes|envelope|\bat .+:\d+:\d+/;

/** A protobuf-looking message: fields with any number and wire type (also 3, 4, 6 and 7), and some bytes each. */
const protobufish = fc
  .array(
    fc.record({
      field: fc.integer({ min: 1, max: 40 }),
      wire: fc.constantFrom(0, 1, 2, 5, 3, 4, 6, 7),
      data: fc.uint8Array({ maxLength: 12 }),
      length: fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined }),
    }),
    { maxLength: 6 },
  )
  .map((fields) => {
    const out: number[] = [];
    for (const f of fields) {
      let tag = (f.field << 3) | f.wire;
      while (tag > 0x7f) {
        out.push((tag & 0x7f) | 0x80);
        tag >>>= 7;
      }
      out.push(tag);
      if (f.wire === 2) out.push(Math.min(f.length ?? f.data.length, 0x7f));
      out.push(...f.data);
    }
    return Uint8Array.from(out);
  });

/** The message: a valid (empty) one of the method's input, random bytes, protobuf-looking ones, or a damaged valid one. */
const message = (method: DescMethod) => {
  const valid = toBinary(method.input, create(method.input));
  return fc.oneof(
    fc.constant(valid),
    fc.uint8Array({ maxLength: 48 }),
    protobufish,
    fc
      .tuple(protobufish, fc.integer({ min: 0, max: 255 }), fc.nat())
      .map(([bytes, b, at]) =>
        bytes.length ? Uint8Array.from(bytes).fill(b, at % bytes.length, (at % bytes.length) + 1) : bytes,
      ),
  );
};

/** How the message goes in a gRPC / gRPC-Web body: framed right, or with its envelope damaged. */
const envelope = (msg: Uint8Array) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(frame(msg)) },
    fc.integer({ min: 2, max: 255 }).map((flags) => frame(msg, flags)),
    fc.integer({ min: 0, max: 0xffffffff }).map((length) => frame(msg, 0, length)),
    fc.integer({ min: -4, max: 4 }).map((d) => frame(msg, 0, Math.max(0, msg.length + d))),
    fc.nat().map((cut) => frame(msg).subarray(0, cut % (msg.length + 5))),
    fc.constant(Buffer.concat([frame(msg), frame(msg)])),
    fc.constant(frame(gzipSync(msg), 1)),
    fc.constant(frame(msg, 1)),
    fc.constant(frame(msg, 0, LIMIT + 1)),
    fc.constant(Buffer.alloc(0)),
  );

/** Encoding headers, sometimes matching what the body holds, often not. */
const encodings = fc.option(
  fc.record({
    name: fc.constantFrom("grpc-encoding", "content-encoding", "connect-content-encoding"),
    value: fc.constantFrom("gzip", "identity", "br", "bogus", ""),
  }),
  { nil: undefined },
);

const call = fc
  .record({
    target: fc.constantFrom(...methods),
    protocol: fc.constantFrom(...RPC_PROTOCOLS),
    encoding: encodings,
    auth: fc.constantFrom("key", "key", "key", "none"),
  })
  .chain((c) =>
    message(c.target.method).chain((msg) =>
      (isFramed(c.protocol) ? envelope(msg) : fc.constant(Buffer.from(msg))).map((body) => ({ ...c, body })),
    ),
  );

test("no bytes sent to any RPC method in Connect binary, gRPC-Web or gRPC get a server's error; each answer is the protocol's own", {
  timeout: 120_000,
}, async () => {
  const wires: Record<string, RpcWire> = { key: rpcWire(svc().url, TEST_API_KEY), none: rpcWire(svc().url, "") };
  const seen = new Set<string>();
  try {
    await assertProperty(
      fc.asyncProperty(call, async (c) => {
        const headers = c.encoding ? { [c.encoding.name]: c.encoding.value } : {};
        const outcome = await wires[c.auth]!.send(c.protocol, c.target.path, c.body, headers);
        const start = Buffer.from(c.body).subarray(0, 24).toString("hex");
        const what = `${c.protocol} ${c.target.path} (${c.auth}, ${JSON.stringify(headers)}, ${c.body.length} bytes: ${start})`;
        assert.ok(outcome.http > 0 && outcome.http < 500, `${what}: HTTP ${outcome.http} ${outcome.raw.slice(0, 300)}`);
        assert.doesNotMatch(outcome.code, /^no grpc-status|^HTTP /, `${what}: a code in the protocol's shape`);
        assert.ok(!SERVER_CODES.has(outcome.code), `${what}: ${outcome.code} ${outcome.message}`);
        assert.doesNotMatch(outcome.raw, LEAKS, `${what}: leaks parser internals`);
        if (outcome.code !== "ok") assert.ok(outcome.message.length > 0, `${what}: a reason`);
        if (isFramed(c.protocol))
          assert.equal(outcome.http, 200, `${what}: gRPC answers carry their status in trailers`);
        seen.add(outcome.code);
      }),
      { fixed: 1_000, random: 400 },
    );
  } finally {
    for (const wire of Object.values(wires)) wire.close();
  }
  // The fuzzer reached past the framing: decoding, credentials and validation all answered.
  for (const code of ["invalid_argument", "unauthenticated", "resource_exhausted"]) assert.ok(seen.has(code), code);
  assert.equal((await svc().request("/health", { apiKey: null })).status, 200);
});
