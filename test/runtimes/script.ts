// The request script every runtime must answer alike: a consumer, event types, a webhook and a subscription; a
// push and its idempotent re-push; lists; Connect JSON, Connect binary and gRPC-Web calls (stock clients); the 401,
// 404, 405 and 415 paths; the system routes, the portal and one of its assets. Answers are reduced to what must not
// differ between runtimes: status, content type, cache policy, and the body with ids, times and secrets normalised.
import { createHash } from "node:crypto";
import { toJson, type DescMessage } from "@bufbuild/protobuf";
import { createClient, type Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import { NamespaceService, WebhookService } from "../../lib/http/rpc/gen/webhook_pb.ts";

export interface Step {
  step: string;
  status: number;
  contentType: string | null;
  cacheControl: string | null;
  body: unknown;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g;
const RANDOM_KEYS = new Set(["webhook_secret", "secret", "signing_public_key", "signingPublicKey", "webhookSecret"]);

/** The value with every id, time, uptime and generated secret replaced by a placeholder. */
export function normalise(value: unknown, key = ""): unknown {
  if (RANDOM_KEYS.has(key) && typeof value === "string") return "<random>";
  if (key === "uptime_seconds") return "<seconds>";
  if (typeof value === "string") return value.replace(UUID, "<id>").replace(TIME, "<time>");
  if (Array.isArray(value)) return value.map((v) => normalise(v));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, k)]));
  return value;
}

async function step(name: string, response: Response): Promise<Step> {
  const contentType = response.headers.get("content-type");
  const bytes = new Uint8Array(await response.arrayBuffer());
  let body: unknown;
  if (contentType && /json/.test(contentType)) body = normalise(JSON.parse(new TextDecoder().decode(bytes)));
  else body = `sha256:${createHash("sha256").update(bytes).digest("hex")} (${bytes.length} bytes)`;
  return {
    step: name,
    status: response.status,
    contentType,
    cacheControl: response.headers.get("cache-control"),
    body,
  };
}

function rpcStep(name: string, schema: DescMessage, message: unknown): Step {
  return {
    step: name,
    status: 200,
    contentType: null,
    cacheControl: null,
    body: normalise(toJson(schema, message as never)),
  };
}

export interface ScriptOptions {
  /** The runtime's base URL. */
  url: string;
  apiKey: string;
  /** Where the webhook points (a receiver on 127.0.0.1). */
  receiverUrl: string;
  /** Appended to every name, so that one database takes several runs. */
  suffix?: string;
}

/** Runs the script; fails only on transport errors (statuses are part of the result). */
export async function runScript({ url, apiKey, receiverUrl, suffix = "" }: ScriptOptions): Promise<Step[]> {
  const steps: Step[] = [];
  const consumer = `acme${suffix}`;
  const created = `order.created${suffix}`;
  const shipped = `order.shipped${suffix}`;
  const call = (path: string, init: RequestInit & { json?: unknown; key?: string | null } = {}) => {
    const headers = new Headers(init.headers);
    if (init.key !== null) headers.set("x-api-key", init.key ?? apiKey);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
    return fetch(url + path, { ...init, headers, body, signal: AbortSignal.timeout(30_000) });
  };
  const record = async (name: string, response: Response) => {
    const s = await step(name, response);
    steps.push(s);
    return s;
  };

  await record("create consumer", await call("/v1/consumers", { method: "POST", json: { name: consumer } }));
  await record("create event type", await call("/v1/event-types", { method: "POST", json: { name: created } }));
  await record("create event type 2", await call("/v1/event-types", { method: "POST", json: { name: shipped } }));
  const webhook = await call(`/v1/consumers/${consumer}/webhooks`, {
    method: "POST",
    json: { url: `${receiverUrl}/hook`, events: [created] },
  });
  const webhookBody = (await webhook.clone().json()) as { webhook_id?: string };
  await record("create webhook", webhook);
  await record(
    "create subscription",
    await call(`/v1/consumers/${consumer}/subscriptions`, {
      method: "POST",
      json: { webhook_id: webhookBody.webhook_id, event_name: shipped },
    }),
  );
  const push = { payload: { order: 42, note: "ü" }, idempotency_key: "k1", labels: { region: "eu" } };
  const pushPath = `/v1/consumers/${consumer}/events?event=${created}`;
  await record("push", await call(pushPath, { method: "POST", json: push }));
  await record("re-push", await call(pushPath, { method: "POST", json: push }));
  await record("list events", await call(`/v1/consumers/${consumer}/events`));
  await record("list webhooks", await call(`/v1/consumers/${consumer}/webhooks`));
  await record("list subscriptions", await call(`/v1/consumers/${consumer}/subscriptions`));
  await record(
    "connect json",
    await call("/webhook.EventService/ListEvents", { method: "POST", json: { namespace: consumer } }),
  );

  const withKey = (transport: Transport) =>
    createClient(WebhookService, transport).listWebhooks({ namespace: consumer }, { headers: { "x-api-key": apiKey } });
  const binary = createConnectTransport({ baseUrl: url, httpVersion: "1.1", useBinaryFormat: true });
  steps.push(rpcStep("connect binary", WebhookService.method.listWebhooks.output, await withKey(binary)));
  const grpcWeb = createGrpcWebTransport({ baseUrl: url, httpVersion: "1.1" });
  const namespace = await createClient(NamespaceService, grpcWeb).getNamespace(
    { name: consumer },
    { headers: { "x-api-key": apiKey } },
  );
  steps.push(rpcStep("grpc-web", NamespaceService.method.getNamespace.output, namespace));

  await record("401", await call(`/v1/consumers/${consumer}/events`, { key: null }));
  await record("404", await call("/v1/no-such-thing"));
  await record("405", await call("/v1/consumers", { method: "DELETE" }));
  await record(
    "415",
    await call("/webhook.EventService/ListEvents", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "namespace",
    }),
  );
  await record("health", await call("/health", { key: null }));
  await record("ready", await call("/ready", { key: null }));
  await record("openapi", await call("/openapi.json", { key: null }));
  await record("docs", await call("/docs", { key: null }));
  await record("docs asset", await call("/docs/assets/swagger-ui.css", { key: null }));
  const portal = await call("/portal", { key: null });
  const html = await portal.clone().text();
  await record("portal", portal);
  const asset = /src="(\/_app\/[^"]+\.js)"/.exec(html)?.[1];
  if (!asset) throw new Error(`the portal shell names no script: ${html.slice(0, 300)}`);
  await record("portal asset", await call(asset, { key: null }));
  return steps;
}

/** Statuses of 500 and above in a run (none is allowed on any runtime). */
export const serverErrors = (steps: Step[]) => steps.filter((s) => s.status >= 500);
