// proto/webhook.proto is the contract of the RPC surface: buf lint is clean, the committed generated code is what
// buf generates, every RPC route is a proto method (and back), read methods are NO_SIDE_EFFECTS, and the
// handlers' request and response shapes name exactly the proto's fields with compatible types — both ways, so
// the proto and the served JSON can never drift apart.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { ScalarType, type DescField, type DescMessage } from "@bufbuild/protobuf";
import {
  FeatureSet_FieldPresence as FieldPresence,
  MethodOptions_IdempotencyLevel as Idempotency,
} from "@bufbuild/protobuf/wkt";
import { z } from "zod";
import { rpcRoutes } from "../../handlers/routes.ts";
import type { RpcRoute } from "../../lib/http/route.ts";
import { rpcServices } from "../../lib/http/rpc/services.ts";

const buf = (...args: string[]) =>
  execFileSync("node_modules/.bin/buf", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const routes = rpcRoutes as RpcRoute[];
const methods = rpcServices.flatMap((s) => s.methods.map((m) => ({ service: s.name, method: m })));
const routeOf = (service: string, method: string) => routes.find((r) => r.service === service && r.method === method);

test("buf lint passes with only the exceptions buf.yaml lists, and the file is buf-formatted", () => {
  assert.equal(buf("lint"), "");
  assert.equal(buf("format", "--diff"), "");
  const config = readFileSync("buf.yaml", "utf8");
  assert.match(config, /except:\n\s+- PACKAGE_VERSION_SUFFIX\n\s+- PACKAGE_DIRECTORY_MATCH\n/);
});

test("the committed TypeScript is exactly what buf generates from the proto", () => {
  const out = mkdtempSync(join(tmpdir(), "svc-buf-"));
  buf("generate", "--output", out);
  assert.equal(
    readFileSync(join(out, "lib/http/rpc/gen/webhook_pb.ts"), "utf8"),
    readFileSync("lib/http/rpc/gen/webhook_pb.ts", "utf8"),
    "run `npx buf generate` and commit the result",
  );
});

test("every RPC route is a method of the proto and every method has a route", () => {
  assert.deepEqual(
    methods.map((m) => `${m.service}/${m.method.name}`).sort(),
    routes.map((r) => `${r.service}/${r.method}`).sort(),
  );
  assert.deepEqual(rpcServices.map((s) => s.name).sort(), [
    "DeliveryService",
    "EventService",
    "HealthService",
    "ListenService",
    "NamespaceService",
    "SubscriptionService",
    "WebhookService",
  ]);
  for (const { method } of methods) assert.equal(method.methodKind, "unary");
});

test("reads and the template dry run are NO_SIDE_EFFECTS (so Connect GET serves them); the lists that can take a snapshot are not", () => {
  const snapshots = new Set(["ListDeliveries", "ListEventReports"]);
  for (const { service, method } of methods) {
    const read =
      (/^(Get|List)/.test(method.name) && !snapshots.has(method.name)) || method.name === "TestSubscriptionTemplate";
    assert.equal(method.idempotency === Idempotency.NO_SIDE_EFFECTS, read, `${service}/${method.name}`);
  }
});

type Zod = z.ZodType;

/** The schema under wrappers that do not change its shape; `nullable` records whether null is allowed. */
function unwrap(schema: Zod): { s: Zod; nullable: boolean } {
  let s = schema;
  let nullable = false;
  for (;;) {
    if (s instanceof z.ZodNullable) nullable = true;
    if (s instanceof z.ZodPipe) s = s.in as Zod;
    else if (
      s instanceof z.ZodOptional ||
      s instanceof z.ZodNullable ||
      s instanceof z.ZodDefault ||
      s instanceof z.ZodPrefault
    )
      s = s.unwrap() as Zod;
    else if (s instanceof z.ZodUnion) {
      // Wire unions (a UUID or "", a number or a numeric string, a mask string or {paths}): the first option speaks.
      const options = s.options as Zod[];
      s = options.find((o) => unwrap(o).s instanceof z.ZodObject) ?? options[0]!;
    } else return { s, nullable };
  }
}

const isString = (s: Zod) => s instanceof z.ZodString || s instanceof z.ZodStringFormat;
const NUMBERS = new Set([
  ScalarType.INT32,
  ScalarType.INT64,
  ScalarType.UINT32,
  ScalarType.UINT64,
  ScalarType.DOUBLE,
  ScalarType.FLOAT,
  ScalarType.SINT32,
  ScalarType.SINT64,
]);

/** Why a zod value schema cannot be the proto field's value (undefined when it can). */
function valueMismatch(
  s: Zod,
  field: DescField,
  kind: "scalar" | "enum" | "message",
  path: string,
  problems: string[],
  direction: "request" | "response",
): string | undefined {
  const m = (field as { message?: DescMessage }).message;
  if (kind === "message" && m) {
    if (m.typeName === "google.protobuf.Timestamp" || m.typeName === "google.protobuf.FieldMask")
      return isString(s) || (direction === "request" && s instanceof z.ZodObject)
        ? undefined
        : `${m.typeName} needs a string`;
    if (m.typeName === "google.protobuf.Struct")
      return s instanceof z.ZodRecord ? undefined : "Struct needs a JSON object";
    if (m.typeName === "google.protobuf.Value") return s instanceof z.ZodUnknown ? undefined : "Value needs any JSON";
    if (!(s instanceof z.ZodObject)) return `${m.typeName} needs an object`;
    compare(s, m, path, problems, direction);
    return undefined;
  }
  if (kind === "enum") return isString(s) || s instanceof z.ZodEnum ? undefined : "an enum needs its name as a string";
  const scalar =
    field.fieldKind === "list" || field.fieldKind === "map" || field.fieldKind === "scalar"
      ? (field as { scalar?: ScalarType }).scalar
      : undefined;
  if (scalar === ScalarType.STRING)
    return isString(s) || s instanceof z.ZodEnum || s instanceof z.ZodLiteral ? undefined : "string";
  if (scalar === ScalarType.BOOL) return s instanceof z.ZodBoolean ? undefined : "bool";
  if (scalar !== undefined && NUMBERS.has(scalar)) return s instanceof z.ZodNumber ? undefined : "a number";
  return `unhandled proto type of ${field.name}`;
}

/** Proto fields a response leaves out on purpose (the proto's comment says when they are filled). */
const FILLED_ELSEWHERE = new Set(["EventService/ListEvents response.events[].sample_payload"]);

/** Field names and types of a zod object against a proto message, both ways. */
function compare(
  schema: z.ZodObject,
  message: DescMessage,
  at: string,
  problems: string[],
  direction: "request" | "response",
): void {
  const shape = schema.shape as Record<string, Zod>;
  for (const field of message.fields)
    if (!(field.name in shape) && !FILLED_ELSEWHERE.has(`${at}.${field.name}`))
      problems.push(`${at}.${field.name}: in ${message.typeName} but not handled`);
  for (const [name, zodField] of Object.entries(shape)) {
    const path = `${at}.${name}`;
    const field = message.fields.find((f) => f.name === name);
    if (!field) {
      problems.push(`${path}: sent or taken by the handler but missing from ${message.typeName}`);
      continue;
    }
    const { s, nullable } = unwrap(zodField);
    if (direction === "response" && nullable && field.presence !== FieldPresence.EXPLICIT)
      problems.push(`${path}: may be null but ${field.name} has no presence (make it optional or a message)`);
    let why: string | undefined;
    if (field.fieldKind === "list") {
      if (!(s instanceof z.ZodArray)) why = "repeated needs an array";
      else why = valueMismatch(unwrap(s.element as Zod).s, field, field.listKind, `${path}[]`, problems, direction);
    } else if (field.fieldKind === "map") {
      if (!(s instanceof z.ZodRecord)) why = "a map needs a JSON object";
      else why = valueMismatch(unwrap(s.valueType as Zod).s, field, field.mapKind, `${path}{}`, problems, direction);
    } else {
      why = valueMismatch(s, field, field.fieldKind, path, problems, direction);
    }
    if (why) problems.push(`${path}: ${why}`);
  }
}

test("every request field of the proto is taken by the handler, and the handler takes nothing else", () => {
  const problems: string[] = [];
  for (const { service, method } of methods) {
    const route = routeOf(service, method.name)!;
    const { s } = unwrap(route.input);
    assert.ok(s instanceof z.ZodObject, `${service}/${method.name} input is an object`);
    compare(s, method.input, `${service}/${method.name} request`, problems, "request");
  }
  assert.deepEqual(problems, []);
});

test("every response field the handlers send is in the proto with the same name and type, and back", () => {
  const problems: string[] = [];
  for (const { service, method } of methods) {
    const route = routeOf(service, method.name)!;
    const label = `${service}/${method.name} response`;
    if (!route.response) {
      if (method.output.fields.length) problems.push(`${label}: the proto has fields but the route documents none`);
      continue;
    }
    const { s } = unwrap(route.response);
    assert.ok(s instanceof z.ZodObject, `${label} is an object`);
    compare(s, method.output, label, problems, "response");
  }
  assert.deepEqual(problems, []);
});

test("the comparison catches drift: a field missing on either side, a wrong type, a null without presence", () => {
  const { method } = methods.find((m) => m.method.name === "PushEvent")!;
  const problems: string[] = [];
  compare(
    z.object({ event_id: z.number(), warnings: z.array(z.string()), extra: z.string() }),
    method.output,
    "probe",
    problems,
    "response",
  );
  compare(
    z.object({ event_id: z.string().nullable(), warnings: z.array(z.string()), duplicate: z.boolean() }),
    method.output,
    "nulls",
    problems,
    "response",
  );
  assert.deepEqual(problems.sort(), [
    "nulls.event_id: may be null but event_id has no presence (make it optional or a message)",
    "probe.duplicate: in webhook.PushEventResponse but not handled",
    "probe.event_id: string",
    "probe.extra: sent or taken by the handler but missing from webhook.PushEventResponse",
  ]);
});
