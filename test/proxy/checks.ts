// What every shipped proxy configuration must carry: a browser's write, stock RPC clients of every protocol, and a
// listen session's event stream.
import assert from "node:assert/strict";
import { createClient } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import { Agent, request } from "undici";
import * as pb from "../../lib/http/rpc/gen/webhook_pb.ts";
import { withKey } from "../helpers/connect.ts";
import { TEST_API_KEY, type Cleanup, type TestService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";
import type { client } from "./setup.ts";

type Http = ReturnType<typeof client>;

/**
 * A browser-style write through the proxy (Origin = the proxy's own origin, as Chromium sends it): 2xx, and the
 * invite's absolute link starts with `expectedBase`. Also the module-script GET the dashboard's first load makes.
 */
export async function browserWrite(http: Http, base: string, origin: string, expectedBase: string): Promise<void> {
  const created = await http(`${base}/v1/invites`, {
    method: "POST",
    headers: { origin, "x-api-key": TEST_API_KEY, "content-type": "application/json" },
    body: JSON.stringify({ name: "through the proxy" }),
  });
  assert.equal(created.status, 201, created.text);
  assert.equal(created.body.url, `${expectedBase}/#invite=${created.body.secret}`);
  assert.equal(created.body.path, `/#invite=${created.body.secret}`);

  const shell = await http(`${base}/`, { headers: { accept: "text/html" } });
  assert.equal(shell.status, 200);
  const script = /<script type="module" src="([^"]+)"/.exec(shell.text)?.[1];
  assert.ok(script, shell.text);
  assert.ok(script.startsWith(`${new URL(base).pathname.replace(/\/$/, "")}/_app/`), script);
  const asset = await http(`${new URL(base).origin}${script}`, { headers: { origin } });
  assert.equal(asset.status, 200, `module script ${script}: ${asset.text.slice(0, 200)}`);
}

/**
 * Stock connect-es clients through the proxy: Connect JSON and binary and gRPC-Web over HTTP/1.1 at `base`, native
 * gRPC over HTTP/2 at `grpcBase` (TLS to the proxy, which speaks h2c to svc).
 */
export async function stockClients(base: string, grpcBase: string, ca: string, localAddress?: string): Promise<void> {
  const interceptors = [withKey(TEST_API_KEY)];
  const nodeOptions = { ca, localAddress };
  const transports = {
    "connect json": createConnectTransport({ baseUrl: base, httpVersion: "1.1", interceptors, nodeOptions }),
    "connect binary": createConnectTransport({
      baseUrl: base,
      httpVersion: "1.1",
      useBinaryFormat: true,
      interceptors,
      nodeOptions,
    }),
    "grpc-web": createGrpcWebTransport({ baseUrl: base, httpVersion: "1.1", interceptors, nodeOptions }),
    grpc: createGrpcTransport({ baseUrl: grpcBase, interceptors, nodeOptions }),
  };
  for (const [name, transport] of Object.entries(transports)) {
    const res = await createClient(pb.NamespaceService, transport)
      .getNamespace({ name: "default" })
      .catch((err: Error) => assert.fail(`${name}: ${err.message}`));
    assert.equal(res.namespace?.name, "default", name);
  }
}

/**
 * A listen session's stream through the proxy: the first event arrives within 1 s of the request (a buffering proxy
 * holds it, even the headers, until kilobytes have gathered), and a pushed event's delivery comes through.
 */
export async function listenStream(t: Cleanup, svc: TestService, base: string, ca: string, consumer: string) {
  const event = `${consumer}.proxied`;
  await svc.rpc("EventService", "RegisterEvent", { name: event });
  const created = await svc.rest("POST", `/v1/consumers/${consumer}/listen-sessions`, { events: [event] });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const agent = new Agent({ connect: { ca } });
  const abort = new AbortController();
  t.after(() => {
    abort.abort();
    return agent.close();
  });
  const sentAt = performance.now();
  // A buffering proxy may hold even the headers: give up after 5 s instead of waiting for the test's timeout.
  const res = await request(`${base}${created.body.stream_path}`, {
    dispatcher: agent,
    headers: { "x-api-key": TEST_API_KEY },
    signal: abort.signal,
    headersTimeout: 5_000,
  });
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers["content-type"]), /^text\/event-stream/);
  let text = "";
  let readyMs: number | undefined;
  void (async () => {
    for await (const chunk of res.body) {
      text += Buffer.from(chunk).toString("utf8");
      if (readyMs === undefined && text.includes("event: ready")) readyMs = performance.now() - sentAt;
    }
  })().catch(() => {});
  await eventually(
    async () => readyMs,
    (ms) => ms !== undefined,
    5_000,
    10,
  );
  assert.ok(readyMs! <= 1_000, `the first event came ${Math.round(readyMs!)} ms after the request`);
  await svc.rest("POST", `/v1/consumers/${consumer}/events?event=${event}`, { payload: { through: "proxy" } });
  await eventually(
    async () => text,
    (s) => /event: delivery\ndata: .*\n\n/.test(s),
    15_000,
    50,
  );
  const delivery = JSON.parse(/event: delivery\ndata: (.*)\n\n/.exec(text)![1]!);
  assert.deepEqual(JSON.parse(delivery.body).payload, { through: "proxy" });
}
