// Clients generated from the specification's message shapes use one Pagination message both ways, so their list
// requests carry `pagination.total_count`. svc accepts it (and ignores it) in every protocol, and its published
// Pagination declares it with the same number and type, so such clients and svc's own agree on the wire.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { create, toBinary } from "@bufbuild/protobuf";
import { createClient, type Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import { PaginationSchema as PublishedPagination } from "../../lib/http/rpc/gen/webhook_pb.ts";
import { withKey } from "../helpers/connect.ts";
import { sharedService, TEST_API_KEY } from "../helpers/service.ts";
import * as spec from "./spec-client/spec_pagination_pb.ts";

const service = sharedService();

test("the spec-shaped client is what buf generates from its proto", (t) => {
  const out = mkdtempSync(join(tmpdir(), "svc-buf-"));
  t.after(() => rmSync(out, { recursive: true, force: true }));
  execFileSync(
    "node_modules/.bin/buf",
    ["generate", "--template", "test/rpc/spec-client/buf.gen.yaml", "--output", out],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const file = "test/rpc/spec-client/spec_pagination_pb.ts";
  assert.equal(readFileSync(join(out, file), "utf8"), readFileSync(file, "utf8"));
});

test("svc's published Pagination has total_count with the number and type of the spec's", () => {
  const published = PublishedPagination.fields.map((f) => [f.name, f.number, f.fieldKind, f.scalar]);
  const specShape = spec.PaginationSchema.fields.map((f) => [f.name, f.number, f.fieldKind, f.scalar]);
  assert.deepEqual(published, specShape);
  // So the bytes a spec-shaped client sends are a valid published Pagination, field for field.
  const bytes = toBinary(spec.PaginationSchema, create(spec.PaginationSchema, { limit: 2, offset: 1, totalCount: 99 }));
  assert.deepEqual(bytes, Uint8Array.from([0x08, 2, 0x10, 1, 0x18, 99]));
});

const transports: Record<string, (baseUrl: string) => Transport> = {
  "connect json": (baseUrl) =>
    createConnectTransport({ baseUrl, httpVersion: "1.1", interceptors: [withKey(TEST_API_KEY)] }),
  "connect binary": (baseUrl) =>
    createConnectTransport({
      baseUrl,
      httpVersion: "1.1",
      useBinaryFormat: true,
      interceptors: [withKey(TEST_API_KEY)],
    }),
  "connect binary GET": (baseUrl) =>
    createConnectTransport({
      baseUrl,
      httpVersion: "1.1",
      useBinaryFormat: true,
      useHttpGet: true,
      interceptors: [withKey(TEST_API_KEY)],
    }),
  "grpc-web binary": (baseUrl) =>
    createGrpcWebTransport({ baseUrl, httpVersion: "1.1", interceptors: [withKey(TEST_API_KEY)] }),
  "grpc-web json": (baseUrl) =>
    createGrpcWebTransport({
      baseUrl,
      httpVersion: "1.1",
      useBinaryFormat: false,
      interceptors: [withKey(TEST_API_KEY)],
    }),
  grpc: (baseUrl) => createGrpcTransport({ baseUrl, interceptors: [withKey(TEST_API_KEY)] }),
};

test("list requests with pagination.total_count succeed in every protocol, the window applied and the count ignored", {
  timeout: 60_000,
}, async () => {
  const svc = service();
  const names = ["pg.a", "pg.b", "pg.c"].map((n) => `${n}.${Math.random().toString(36).slice(2, 7)}`);
  for (const name of names) await svc.rpc("EventService", "RegisterEvent", { name });
  const ns = `pg-${Math.random().toString(36).slice(2, 8)}`;
  await svc.rpc("NamespaceService", "CreateNamespace", { name: ns });
  for (const name of names)
    await svc.rpc("WebhookService", "RegisterWebhook", {
      namespace: ns,
      url: `http://127.0.0.1:9/${name}`,
      events: [name],
    });

  for (const [name, transport] of Object.entries(transports)) {
    const events = createClient(spec.EventService, transport(svc.url));
    const webhooks = createClient(spec.WebhookService, transport(svc.url));
    const listed = await events.listEvents({ pagination: { limit: 1000, offset: 0, totalCount: 123_456 } });
    for (const n of names)
      assert.ok(
        listed.events.some((e) => e.name === n),
        `${name}: ${n} listed`,
      );
    const page = await webhooks.listWebhooks({ namespace: ns, pagination: { limit: 2, offset: 1, totalCount: 7 } });
    assert.equal(page.webhooks.length, 2, `${name}: limit 2 from offset 1 of 3`);
  }

  // svc's answers use PageInfo (total_count = 1, limit = 2, offset = 3); their JSON names are the spec's.
  const json = await svc.rpc("WebhookService", "ListWebhooks", {
    namespace: ns,
    pagination: { limit: 2, offset: 1, total_count: 7 },
  });
  assert.deepEqual(json.pagination, { total_count: 3, limit: 2, offset: 1 });
  const camel = await svc.rpc("WebhookService", "ListWebhooks", {
    namespace: ns,
    pagination: { limit: 2, offset: 1, totalCount: 7 },
  });
  assert.deepEqual(camel.pagination, { total_count: 3, limit: 2, offset: 1 });
});

test("total_count in a request is still checked as an int32", async () => {
  const svc = service();
  for (const bad of ["many", 2 ** 31, 1.5]) {
    const res = await svc.rpcRaw("EventService", "ListEvents", { pagination: { limit: 1, total_count: bad } });
    assert.equal(res.status, 400, `${JSON.stringify(bad)}: ${JSON.stringify(res.body)}`);
    assert.equal(res.body.code, "invalid_argument");
  }
});
