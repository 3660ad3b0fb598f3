// `svc listen` over a listen session (the svc cannot reach the CLI): the built CLI as a child process against a
// real server; deliveries come over the session's stream, are verified and forwarded, and the local answer is the
// attempt's response. Ctrl-C removes the session and its webhook; an abandoned session expires by itself.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { test } from "node:test";
import { Webhook } from "standardwebhooks";
import { expireListenSessionsJob } from "../../jobs/expire-listen-sessions.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService, TEST_API_KEY, type TestService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

function startListen(env: Record<string, string>, args: string[], t: { after(fn: () => unknown): void }) {
  const child = spawn(process.execPath, ["dist/cli.js", "listen", ...args], {
    env: { PATH: process.env.PATH!, ...env },
  });
  t.after(() => child.kill("SIGKILL"));
  const io = { out: "", err: "" };
  child.stdout.on("data", (d) => (io.out += d));
  child.stderr.on("data", (d) => (io.err += d));
  const wait = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 15_000;
    while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.ok(check(), `${what}: ${io.out} ${io.err}`);
  };
  return { child, io, wait };
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.on("close", resolve));

/** Opens a session's stream with fetch and collects its delivery events. */
async function openStream(server: TestService, path: string, t: { after(fn: () => unknown): void }) {
  const abort = new AbortController();
  t.after(() => abort.abort());
  const res = await fetch(server.url + path, { headers: { "x-api-key": TEST_API_KEY }, signal: abort.signal });
  const received: any[] = [];
  void (async () => {
    let buffer = "";
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += Buffer.from(chunk).toString("utf8");
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (/^event: delivery$/m.test(block)) received.push(JSON.parse(/^data: (.*)$/m.exec(block)![1]!));
      }
    }
  })().catch(() => {});
  return { res, received, close: () => abort.abort() };
}

async function attemptsOf(server: TestService, consumer: string, webhookId: string) {
  const list = await eventually(
    () => server.rest("GET", `/v1/consumers/${consumer}/deliveries?webhook_id=${webhookId}`),
    (r) => r.body.deliveries.length > 0,
    10_000,
    100,
  );
  const deliveryId = list.body.deliveries[0].delivery_id;
  return (await server.rest("GET", `/v1/consumers/${consumer}/deliveries/${deliveryId}/attempts`)).body.attempts;
}

test("listen --mode session receives a verified delivery over the stream, forwards it, and the local answer is the attempt's response", async (t) => {
  const server = await startTestService(t, { workers: true, logLevel: "error" });
  const env = { SVC_URL: server.url, SVC_API_KEY: TEST_API_KEY, SVC_CONSUMER: "cli-session" };
  const app = (await startReceiver(t)).path("/hooks").answers({ status: 202, body: "taken by the local app" });
  await server.rpc("EventService", "RegisterEvent", { name: "cli.session" });

  const { child, io, wait } = startListen(
    env,
    ["--events", "cli.session", "--mode", "session", "--forward", app.url, "-o", "json"],
    t,
  );
  await wait(() => /listening for cli\.session/.test(io.err), "listening");
  const [, webhookId, sessionId] = /webhook ([0-9a-f-]{36}), listen session ([0-9a-f-]{36})/.exec(io.err)!;
  const hook = await server.rest("GET", `/v1/consumers/cli-session/webhooks/${webhookId}`);
  assert.match(
    hook.body.url,
    /\.invalid\//,
    "the session's webhook has no reachable URL: nothing is sent over the network",
  );

  await server.rest("POST", "/v1/consumers/cli-session/events?event=cli.session", { payload: { order: 9 } });
  await wait(() => /"signature"/.test(io.out), "a delivery printed");
  const line = JSON.parse(io.out.trim().split("\n")[0]!);
  assert.deepEqual(
    [line.event, line.signature, line.forwarded, line.body.payload.order],
    ["cli.session", "verified", 202, 9],
  );
  const [forwarded] = await app.waitForRequests(1);
  assert.match(
    String(forwarded!.headers["webhook-signature"]),
    /^v1,\S+ v1a,/,
    "forwarded with the original signature headers",
  );
  assert.equal(forwarded!.headers["x-svc-webhook-id"], webhookId);

  const attempts = await eventually(
    () => attemptsOf(server, "cli-session", webhookId!),
    (a) => a.length === 1,
    10_000,
    100,
  );
  assert.deepEqual(
    [attempts[0].response_code, attempts[0].success, attempts[0].error_category],
    [202, true, "success"],
  );
  const { rows: left } = await server.app.db.query("select count(*)::int as n from listen_requests");
  assert.equal(left[0].n, 0, "a request lives only while its attempt runs");

  child.kill("SIGINT");
  assert.equal(await exited(child), 0, io.err);
  assert.match(io.err, /the listen session and its webhook were removed/);
  assert.equal(
    (await server.rest("GET", `/v1/consumers/cli-session/webhooks/${webhookId}`)).status,
    404,
    "the temporary webhook is gone",
  );
  const { rows } = await server.app.db.query("select 1 from listen_sessions where id = $1", [sessionId]);
  assert.equal(rows.length, 0, "the session is gone");
});

test("a streamed delivery nobody answers is a timeout attempt and is retried; the answer to the retry completes it", async (t) => {
  const server = await startTestService(t, { workers: true, logLevel: "error" });
  await server.rpc("EventService", "RegisterEvent", { name: "api.session" });
  const created = await server.rest("POST", "/v1/consumers/api-session/listen-sessions", {
    events: ["api.session"],
    http_config: { request_timeout_seconds: 1, max_retries: 2, retry_backoff_seconds: 1 },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const session = created.body;
  const verifier = new Webhook(session.webhook_secret);

  const { res, received, close } = await openStream(server, session.stream_path, t);
  assert.equal(res.headers.get("content-type"), "text/event-stream");

  await server.rest("POST", "/v1/consumers/api-session/events?event=api.session", { payload: { n: 1 } });
  await eventually(
    async () => received.length,
    (n) => n >= 2,
    15_000,
    50,
  );
  const [first, second] = received;
  assert.equal(first.delivery_id, second.delivery_id, "the same delivery, retried after the unanswered attempt");
  verifier.verify(second.body, second.headers);
  assert.equal(JSON.parse(second.body).attempt, 2);
  const late = await server.rest("POST", `/v1/consumers/api-session/listen-sessions/${session.session_id}/answers`, {
    request_id: first.request_id,
    status: 200,
  });
  assert.equal(late.status, 404, "an answer after the timeout is refused");
  const ok = await server.rest("POST", `/v1/consumers/api-session/listen-sessions/${session.session_id}/answers`, {
    request_id: second.request_id,
    status: 204,
    body: "",
  });
  assert.equal(ok.status, 204, JSON.stringify(ok.body));

  const attempts = await eventually(
    () => attemptsOf(server, "api-session", session.webhook_id),
    (a) => a.length === 2,
    10_000,
    100,
  );
  assert.deepEqual(
    attempts.map((a: any) => [a.response_code, a.error_category]),
    [
      [0, "timeout"],
      [204, "success"],
    ],
  );
  const bad = await server.rest("POST", `/v1/consumers/api-session/listen-sessions/${session.session_id}/answers`, {
    request_id: second.request_id,
    status: 99,
  });
  assert.equal(bad.status, 400);
  close();
});

test("a resumed stream takes the session over and gets the requests the broken one left unanswered", async (t) => {
  const server = await startTestService(t, { workers: true, logLevel: "error" });
  await server.rpc("EventService", "RegisterEvent", { name: "api.resume" });
  const session = (
    await server.rest("POST", "/v1/consumers/api-resume/listen-sessions", {
      events: ["api.resume"],
      http_config: { request_timeout_seconds: 20 },
    })
  ).body;
  const first = await openStream(server, session.stream_path, t);
  await server.rest("POST", "/v1/consumers/api-resume/events?event=api.resume", { payload: { n: 1 } });
  await eventually(
    async () => first.received.length,
    (n) => n === 1,
    10_000,
    50,
  );
  first.close();

  const second = await openStream(server, session.stream_path, t);
  await eventually(
    async () => second.received.length,
    (n) => n === 1,
    10_000,
    50,
  );
  assert.equal(second.received[0].request_id, first.received[0].request_id, "the same request, sent again");
  const answered = await server.rest("POST", `/v1/consumers/api-resume/listen-sessions/${session.session_id}/answers`, {
    request_id: second.received[0].request_id,
    status: 200,
  });
  assert.equal(answered.status, 204);
  const attempts = await eventually(
    () => attemptsOf(server, "api-resume", session.webhook_id),
    (a) => a.length === 1,
    10_000,
    100,
  );
  assert.deepEqual([attempts[0].attempt, attempts[0].response_code], [1, 200], "one attempt: the resume cost no retry");
  second.close();
});

test("ending a session gives up its attempts waiting for an answer at once, not at their timeout", async (t) => {
  const server = await startTestService(t, { workers: true, logLevel: "error" });
  await server.rpc("EventService", "RegisterEvent", { name: "api.end" });
  const session = (
    await server.rest("POST", "/v1/consumers/api-end/listen-sessions", {
      events: ["api.end"],
      http_config: { request_timeout_seconds: 120 },
    })
  ).body;
  const stream = await openStream(server, session.stream_path, t);
  await server.rest("POST", "/v1/consumers/api-end/events?event=api.end", { payload: { n: 1 } });
  await eventually(
    async () => stream.received.length,
    (n) => n === 1,
    10_000,
    50,
  );
  assert.equal(server.workers!.delivery.load().inFlight, 1, "the attempt waits for the CLI's answer, holding its slot");
  assert.equal(
    (await server.rest("DELETE", `/v1/consumers/api-end/listen-sessions/${session.session_id}`)).status,
    204,
  );
  await eventually(
    async () => server.workers!.delivery.load().inFlight,
    (n) => n === 0,
    5_000,
    20,
  );
  stream.close();
});

test("an abandoned listen session (stream gone, lease over) is removed with its webhook by the scheduled job", async (t) => {
  const server = await startTestService(t, { logLevel: "error" });
  await server.rpc("EventService", "RegisterEvent", { name: "api.abandon" });
  const session = (await server.rest("POST", "/v1/consumers/api-abandon/listen-sessions", { events: ["api.abandon"] }))
    .body;
  const kept = (await server.rest("POST", "/v1/consumers/api-abandon/listen-sessions", { events: ["api.abandon"] }))
    .body;

  assert.deepEqual(
    await expireListenSessionsJob.run(server.app),
    { expired: 0, stale_requests: 0 },
    "within its lease a session stays",
  );
  await server.app.db.query("update listen_sessions set expires_at = now() - interval '1 second' where id = $1", [
    session.session_id,
  ]);
  assert.deepEqual(await expireListenSessionsJob.run(server.app), { expired: 1, stale_requests: 0 });

  assert.equal(
    (await server.rest("GET", `/v1/consumers/api-abandon/webhooks/${session.webhook_id}`)).status,
    404,
    "its webhook is removed",
  );
  assert.equal((await server.rest("GET", session.stream_path)).status, 404, "it cannot be resumed");
  assert.equal(
    (await server.rest("GET", `/v1/consumers/api-abandon/webhooks/${kept.webhook_id}`)).status,
    200,
    "a live session is untouched",
  );
  assert.equal(
    (await server.rest("DELETE", `/v1/consumers/api-abandon/listen-sessions/${session.session_id}`)).status,
    404,
  );

  // Only a session's own webhook skips the target check: the same kind of URL through the webhook API is refused.
  const posing = await server.rest("POST", "/v1/consumers/api-abandon/webhooks", {
    url: `https://${kept.session_id}.listen.svc.invalid/`,
    events: ["api.abandon"],
  });
  assert.equal(posing.status, 400);
  assert.match(posing.body.detail, /not an allowed webhook target/);
});

test("with two instances the stream and the answers go through one while the other claims and records the delivery", async (t) => {
  const worker = await startTestService(t, { workers: true, logLevel: "error" });
  const front = await startTestService(t, { databaseUrl: worker.databaseUrl, logLevel: "error" });
  const env = { SVC_URL: front.url, SVC_API_KEY: TEST_API_KEY, SVC_CONSUMER: "cli-two" };
  await front.rpc("EventService", "RegisterEvent", { name: "cli.two" });

  const { child, io, wait } = startListen(env, ["--events", "cli.two", "--mode", "session", "-o", "json"], t);
  await wait(() => /listening for cli\.two/.test(io.err), "listening");
  const webhookId = /webhook ([0-9a-f-]{36})/.exec(io.err)![1]!;
  await front.rest("POST", "/v1/consumers/cli-two/events?event=cli.two", { payload: { n: 2 } });
  await wait(() => /"signature":"verified"/.test(io.out), "a verified delivery printed");
  const attempts = await eventually(
    () => attemptsOf(front, "cli-two", webhookId),
    (a) => a.length === 1,
    10_000,
    100,
  );
  assert.equal(
    attempts[0].response_code,
    200,
    "the CLI's answer (no --forward: 200) recorded by the claiming instance",
  );
  assert.equal(JSON.parse(io.out.trim().split("\n")[0]!).status, 200);
  child.kill("SIGINT");
  assert.equal(await exited(child), 0, io.err);
});

test("--mode auto listens directly for a svc on this machine and over a session otherwise; an unknown mode exits 2", async () => {
  const { listenMode } = await import("../../lib/cli/listen.ts");
  for (const url of ["http://localhost:8080", "http://127.0.0.1:9", "http://[::1]:8080", "http://app.localhost"])
    assert.equal(listenMode(undefined, url), "direct", url);
  for (const url of ["https://svc.example.com", "http://10.0.0.5:8080", "http://192.168.1.2"])
    assert.equal(listenMode("auto", url), "session", url);
  assert.equal(listenMode("session", "http://localhost:8080"), "session", "the flag wins");
  const child = spawn(process.execPath, ["dist/cli.js", "listen", "--events", "x", "--mode", "tunnel"], {
    env: { PATH: process.env.PATH!, SVC_URL: "http://127.0.0.1:9" },
  });
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  assert.equal(await exited(child), 2);
  assert.equal(err.trim(), 'svc: --mode takes direct, session or auto, not "tunnel"');
});

test("the RPC surface opens, answers and ends a listen session; the stream is the REST one", async (t) => {
  const server = await startTestService(t, { workers: true, logLevel: "error" });
  await server.rpc("EventService", "RegisterEvent", { name: "rpc.session" });
  await server.rpc("NamespaceService", "CreateNamespace", { name: "rpc-session" });
  const session = await server.rpc("ListenService", "CreateListenSession", {
    namespace: "rpc-session",
    events: ["rpc.session"],
  });
  const stream = await openStream(server, session.stream_path, t);
  await server.rpc("EventService", "PushEvent", { namespace: "rpc-session", event: "rpc.session", payload: { n: 1 } });
  await eventually(
    async () => stream.received.length,
    (n) => n === 1,
    10_000,
    50,
  );
  new Webhook(session.webhook_secret).verify(stream.received[0].body, stream.received[0].headers);
  // A stock Connect client sends lowerCamelCase names.
  assert.deepEqual(
    await server.rpc("ListenService", "AnswerListenDelivery", {
      namespace: "rpc-session",
      sessionId: session.session_id,
      requestId: stream.received[0].request_id,
      status: 201,
    }),
    {},
  );
  const attempts = await eventually(
    () => attemptsOf(server, "rpc-session", session.webhook_id),
    (a) => a.length === 1,
    10_000,
    100,
  );
  assert.equal(attempts[0].response_code, 201);
  stream.close();
  await server.rpc("ListenService", "EndListenSession", { namespace: "rpc-session", session_id: session.session_id });
  assert.equal((await server.rest("GET", `/v1/consumers/rpc-session/webhooks/${session.webhook_id}`)).status, 404);
  const again = await server.rpcRaw("ListenService", "EndListenSession", {
    namespace: "rpc-session",
    session_id: session.session_id,
  });
  assert.deepEqual([again.status, again.body.code], [404, "not_found"]);
});
