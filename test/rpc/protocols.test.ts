// Stock connect-es clients against a live svc: Connect JSON and binary over HTTP/1.1 and HTTP/2 (h2c), Connect
// GET, gRPC-Web and native gRPC over h2c each register, push, list and read attempts, and see the same answers
// and the same error codes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { toJson, type DescMessage, type JsonValue } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, type Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import * as pb from "../../lib/http/rpc/gen/webhook_pb.ts";
import { codeOf, withKey } from "../helpers/connect.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { sharedService, TEST_API_KEY } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true });

type Make = (baseUrl: string, key: string) => Transport;

const transports: Record<string, Make> = {
  "connect json http/1.1": (baseUrl, key) =>
    createConnectTransport({ baseUrl, httpVersion: "1.1", useBinaryFormat: false, interceptors: [withKey(key)] }),
  "connect binary http/1.1": (baseUrl, key) =>
    createConnectTransport({ baseUrl, httpVersion: "1.1", useBinaryFormat: true, interceptors: [withKey(key)] }),
  "connect binary GET http/1.1": (baseUrl, key) =>
    createConnectTransport({
      baseUrl,
      httpVersion: "1.1",
      useBinaryFormat: true,
      useHttpGet: true,
      interceptors: [withKey(key)],
    }),
  "connect json GET http/2": (baseUrl, key) =>
    createConnectTransport({
      baseUrl,
      httpVersion: "2",
      useBinaryFormat: false,
      useHttpGet: true,
      interceptors: [withKey(key)],
    }),
  "connect json http/2": (baseUrl, key) =>
    createConnectTransport({ baseUrl, httpVersion: "2", useBinaryFormat: false, interceptors: [withKey(key)] }),
  "connect binary http/2": (baseUrl, key) =>
    createConnectTransport({ baseUrl, httpVersion: "2", useBinaryFormat: true, interceptors: [withKey(key)] }),
  "grpc-web binary http/1.1": (baseUrl, key) =>
    createGrpcWebTransport({ baseUrl, httpVersion: "1.1", useBinaryFormat: true, interceptors: [withKey(key)] }),
  "grpc-web json http/1.1": (baseUrl, key) =>
    createGrpcWebTransport({ baseUrl, httpVersion: "1.1", useBinaryFormat: false, interceptors: [withKey(key)] }),
  "grpc h2c": (baseUrl, key) => createGrpcTransport({ baseUrl, useBinaryFormat: true, interceptors: [withKey(key)] }),
};

/** A message as protobuf JSON with the values that differ per run (ids, times, names) replaced by their kind. */
function shape(schema: DescMessage, message: unknown, own: Record<string, string>): JsonValue {
  const text = JSON.stringify(toJson(schema, message as never));
  let out = text;
  for (const [value, name] of Object.entries(own)) out = out.split(value).join(`<${name}>`);
  return JSON.parse(
    out
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<uuid>")
      .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<time>")
      .replace(/"signingPublicKey":"[^"]+"/g, '"signingPublicKey":"<key>"')
      .replace(/"webhookSecret":"whsec_[^"]+"/g, '"webhookSecret":"<secret>"')
      .replace(/"responseTime":\d+/g, '"responseTime":"<ms>"'),
  );
}

/** The code and the `webhook.ErrorDetails` a stock client decodes from the error (binary detail or JSON `details`). */
async function failureOf(call: Promise<unknown>): Promise<JsonValue> {
  try {
    await call;
  } catch (err) {
    const e = ConnectError.from(err);
    const [details] = e.findDetails(pb.ErrorDetailsSchema);
    return { code: e.code, reason: details?.reason ?? null, fields: details?.fieldErrors.map((f) => f.field) ?? null };
  }
  assert.fail("the call succeeded");
}

async function scenario(name: string, make: Make, receiverUrl: string) {
  const transport = make(svc().url, TEST_API_KEY);
  const namespaces = createClient(pb.NamespaceService, transport);
  const events = createClient(pb.EventService, transport);
  const webhooks = createClient(pb.WebhookService, transport);
  const deliveries = createClient(pb.DeliveryService, transport);
  const tag = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const namespace = `proto-${tag}`;
  const eventName = `proto.${tag}`;
  const own = { [namespace]: "namespace", [eventName]: "event", [`${receiverUrl}/${tag}`]: "url" };
  const results: Record<string, JsonValue> = {};

  await namespaces.createNamespace({ name: namespace });
  await events.registerEvent({ name: eventName, schema: { type: "object", required: ["n"] }, active: true });
  const registered = await webhooks.registerWebhook({
    namespace,
    url: `${receiverUrl}/${tag}`,
    events: [eventName],
    headers: { "X-Team": "a" },
    httpConfig: { maxRetries: 0, verifySsl: false, expectedStatusCodes: [200] },
    active: true,
  });
  assert.match(registered.webhookSecret, /^whsec_/);
  results.register = shape(pb.RegisterWebhookResponseSchema, registered, own);

  const pushed = await events.pushEvent({
    namespace,
    event: eventName,
    payload: { n: 1, nested: { deepKey: [true, null, "x"] } },
    ttlSeconds: 3600n,
    labels: { tier: "gold" },
    id: `k-${tag}`,
  });
  const again = await events.pushEvent({ namespace, event: eventName, payload: { n: 1 }, id: `k-${tag}` });
  assert.equal(again.eventId, pushed.eventId);
  assert.equal(again.duplicate, true);
  const invalid = await events.pushEvent({ namespace, event: eventName, payload: { m: 2 } });
  assert.ok(invalid.warnings.length > 0, "a payload failing the schema is accepted with warnings");
  results.push = shape(pb.PushEventResponseSchema, pushed, own);
  results.duplicate = shape(pb.PushEventResponseSchema, again, own);

  const done = await eventually(
    () => deliveries.listDeliveries({ namespace, status: pb.DeliveryStatus.SUCCESS }),
    // The page and its count are two reads side by side: wait until both have seen the second success.
    (page) => page.deliveries.length === 2 && page.pagination?.totalCount === 2,
  );
  // Listed once the deliveries are done, so the health it shows is settled.
  const listed = await webhooks.listWebhooks({ namespace, pagination: { limit: 10 } });
  assert.equal(listed.webhooks.length, 1);
  assert.equal(listed.webhooks[0]!.httpConfig?.maxRetries, 0, "an explicit zero survives every encoding");
  assert.equal(listed.webhooks[0]!.httpConfig?.verifySsl, false);
  results.webhooks = shape(pb.ListWebhooksResponseSchema, listed, own);
  results.deliveries = shape(
    pb.ListDeliveriesResponseSchema,
    { ...done, deliveries: done.deliveries.map((d) => ({ ...d, requestBody: "<body>" })) },
    own,
  );
  const attempts = await deliveries.getDeliveryAttempts({ deliveryId: done.deliveries[0]!.deliveryId });
  assert.equal(attempts.attempts.length, 1);
  assert.equal(attempts.attempts[0]!.success, true);
  results.attempts = shape(pb.GetDeliveryAttemptsResponseSchema, attempts, own);

  results.errors = {
    notFound: await codeOf(namespaces.getNamespace({ name: `${namespace}-missing` })),
    unknownWebhook: await codeOf(
      webhooks.pauseWebhook({ namespace, webhookId: "00000000-0000-4000-8000-000000000000" }),
    ),
    invalidArgument: await codeOf(deliveries.getDeliveryAttempts({ deliveryId: "" })),
    invalidField: await failureOf(deliveries.listDeliveries({ namespace, pagination: { limit: -1 } })),
    invalidUrl: await codeOf(webhooks.registerWebhook({ namespace, url: "ftp://example.com/x", events: [eventName] })),
    unauthenticated: await failureOf(
      createClient(pb.WebhookService, make(svc().url, "wrong-key")).listWebhooks({ namespace }),
    ),
    alreadyExists: await codeOf(namespaces.createNamespace({ name: namespace })),
  };
  return results;
}

test("every stock transport gets identical answers and error codes from the same handlers", async (t) => {
  const receiver = await startReceiver(t);
  for (const name of Object.keys(transports)) receiver.path(`/${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`);
  const seen: Record<string, Record<string, JsonValue>> = {};
  for (const [name, make] of Object.entries(transports)) seen[name] = await scenario(name, make, receiver.url);
  const [first, ...rest] = Object.keys(seen);
  const reference = seen[first!]!;
  // The details (per-field problems, the 401 reason) reach every transport as a webhook.ErrorDetails detail.
  assert.deepEqual(reference.errors, {
    notFound: Code.NotFound,
    unknownWebhook: Code.NotFound,
    invalidArgument: Code.InvalidArgument,
    invalidField: { code: Code.InvalidArgument, reason: "", fields: ["pagination.limit"] },
    invalidUrl: Code.InvalidArgument,
    unauthenticated: { code: Code.Unauthenticated, reason: "invalid", fields: [] },
    alreadyExists: Code.AlreadyExists,
  });
  for (const name of rest) assert.deepEqual(seen[name], reference, `${name} differs from ${first}`);
});
