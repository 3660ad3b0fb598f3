// The developer commands of the built `svc` against a real server over HTTP: login and the precedence of flags,
// environment and the saved login; push; template test; one-line errors with the documented exit statuses.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { sharedService, startTestService, TEST_API_KEY } from "../helpers/service.ts";

const svc = sharedService();

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function home(t: { after(fn: () => unknown): void }) {
  const dir = await mkdtemp(join(tmpdir(), "svc-cli-home-"));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The CLI as a child process, asynchronously: the server it talks to runs in this process. */
async function run(
  env: Record<string, string>,
  args: string[],
  input?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["dist/cli.js", ...args], { env: { PATH: process.env.PATH!, ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  child.stdin.end(input ?? "");
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, stdout: stdout.trim(), stderr: stderr.trim() };
}

test("login saves the URL and credential (0600, XDG); flags beat the environment, which beats the saved login", async (t) => {
  const xdg = await home(t);
  const env = { XDG_CONFIG_HOME: xdg };
  const logged = await run(env, ["login", "--url", svc().url, "--api-key", TEST_API_KEY]);
  assert.equal(logged.code, 0, logged.stderr);
  const file = join(xdg, "svc", "config.json");
  assert.equal((await stat(file)).mode & 0o777, 0o600);
  assert.deepEqual(JSON.parse(await readFile(file, "utf8")), { url: svc().url, api_key: TEST_API_KEY });

  await svc().rpc("EventService", "RegisterEvent", { name: "cli.login" });
  const pushed = await run(env, ["push", "cli.login", "-d", '{"n":1}']);
  assert.equal(pushed.code, 0, pushed.stderr);
  assert.match(pushed.stdout, /^[0-9a-f-]{36}$/, "the saved login is used");

  const closed = `http://127.0.0.1:${await closedPort()}`;
  const wrongEnv = await run({ ...env, SVC_URL: closed }, ["push", "cli.login", "-d", "{}"]);
  assert.equal(wrongEnv.code, 1);
  assert.equal(wrongEnv.stderr, `svc: cannot reach ${closed}: ECONNREFUSED`, "SVC_URL beats the saved login; one line");
  const flagWins = await run({ ...env, SVC_URL: closed, SVC_API_KEY: TEST_API_KEY }, [
    "push",
    "cli.login",
    "-d",
    "{}",
    "--url",
    svc().url,
  ]);
  assert.equal(flagWins.code, 0, flagWins.stderr);

  const badKey = await run({ ...env, SVC_API_KEY: "not-the-key" }, ["push", "cli.login", "-d", "{}"]);
  assert.equal(badKey.code, 2);
  assert.match(badKey.stderr, /^svc: http:\/\/\S+ refused the credential \(401\): /);
  assert.equal(badKey.stderr.split("\n").length, 1, "one line, no stack trace");
});

test("push takes the payload from -d, @file or stdin, with labels and an idempotency key", async (t) => {
  const dir = await home(t);
  const env = { SVC_URL: svc().url, SVC_API_KEY: TEST_API_KEY, SVC_CONSUMER: "cli-shop" };
  await svc().rpc("EventService", "RegisterEvent", { name: "cli.order", schema: { type: "object", required: ["id"] } });
  await writeFile(join(dir, "p.json"), '{"id": 7}');
  const fromFile = await run(env, [
    "push",
    "cli.order",
    "-d",
    `@${join(dir, "p.json")}`,
    "-l",
    "region=eu",
    "-l",
    "tier=gold",
    "--idempotency-key",
    "k-1",
    "-o",
    "json",
  ]);
  assert.equal(fromFile.code, 0, fromFile.stderr);
  const first = JSON.parse(fromFile.stdout);
  const again = JSON.parse(
    (await run(env, ["push", "cli.order", "-d", '{"id": 7}', "--idempotency-key", "k-1", "-o", "json"])).stdout,
  );
  assert.deepEqual([again.event_id, again.duplicate], [first.event_id, true]);
  const stored = await svc().rpc("EventService", "GetEventRecord", { eventId: first.event_id });
  assert.deepEqual(stored.event?.labels ?? stored.labels, { region: "eu", tier: "gold" });

  const fromStdin = await run(env, ["push", "cli.order"], '{"no_id": true}');
  assert.equal(fromStdin.code, 0, fromStdin.stderr);
  assert.match(fromStdin.stderr, /^warning: /m, "schema warnings go to stderr");
  const notJson = await run(env, ["push", "cli.order", "-d", "{nope"]);
  assert.equal(notJson.code, 2);
  assert.match(notJson.stderr, /^svc: the payload is not JSON/);
  const unknown = await run(env, ["push", "cli.unknown-type", "-d", "{}"]);
  assert.equal(unknown.code, 3);
});

test("template test renders through the server's dry run and reports errors with their position", async (t) => {
  const dir = await home(t);
  const env = { SVC_URL: svc().url, SVC_API_KEY: TEST_API_KEY };
  await svc().rpc("EventService", "RegisterEvent", {
    name: "cli.tmpl",
    schema: { type: "object", properties: { total: { type: "number" } }, required: ["total"] },
  });
  await writeFile(join(dir, "ok.tmpl"), '{"text": {{json (printf "total %v" .payload.total)}}}');
  const ok = await run(env, ["template", "test", join(dir, "ok.tmpl"), "--event", "cli.tmpl"]);
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(JSON.parse(ok.stdout).text, /^total /);
  await writeFile(join(dir, "order.json"), '{"total": 12.5}');
  const given = await run(env, [
    "template",
    "test",
    join(dir, "ok.tmpl"),
    "--event",
    "cli.tmpl",
    "--payload",
    `@${join(dir, "order.json")}`,
  ]);
  assert.equal(given.code, 0, given.stderr);
  assert.equal(JSON.parse(given.stdout).text, "total 12.5", "--payload replaces the sample payload");
  await svc().rpc("EventService", "RegisterEvent", { name: "cli.tmpl-schemaless" });
  const schemaless = await run(env, [
    "template",
    "test",
    join(dir, "ok.tmpl"),
    "--event",
    "cli.tmpl-schemaless",
    "--payload",
    '{"total": 3}',
  ]);
  assert.equal(JSON.parse(schemaless.stdout).text, "total 3", "no schema needed with --payload");
  assert.equal(
    (await run(env, ["template", "test", join(dir, "ok.tmpl"), "--event", "cli.tmpl", "--payload", "[1]"])).code,
    2,
  );
  await writeFile(join(dir, "bad.tmpl"), "line one\n{{ .payload.total ");
  const bad = await run(env, ["template", "test", join(dir, "bad.tmpl"), "--event", "cli.tmpl"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /2:\d+|line 2/, "the line of the error");
});

test("tail shows deliveries, follows their changes as JSON lines, and prints a plain table off a terminal", async (t) => {
  const server = await startTestService(t, { workers: true, logLevel: "error" });
  const env = { SVC_URL: server.url, SVC_API_KEY: TEST_API_KEY, SVC_CONSUMER: "cli-tail" };
  const { startReceiver } = await import("../helpers/receiver.ts");
  const hook = (await startReceiver(t)).path("/tail").answers({ status: 500 }, { status: 200 });
  await server.rpc("EventService", "RegisterEvent", { name: "cli.tail" });
  await server.rest("POST", "/v1/consumers/cli-tail/webhooks", {
    url: hook.url,
    events: ["cli.tail"],
    http_config: { max_retries: 2, retry_backoff_seconds: 3 },
  });
  // The retry waits 1.5–3 s: long enough for a poll every 200 ms to see it even on a loaded machine.

  const child = spawn(
    process.execPath,
    ["dist/cli.js", "tail", "deliveries", "--follow", "--interval", "200ms", "-o", "json"],
    { env: { PATH: process.env.PATH!, ...env } },
  );
  t.after(() => child.kill());
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  await new Promise((r) => setTimeout(r, 500));
  await server.rest("POST", "/v1/consumers/cli-tail/events?event=cli.tail", { payload: { n: 1 } });
  const deadline = Date.now() + 15_000;
  while (!/"status":"success"/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  child.kill("SIGINT");
  const lines = out
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  const statuses = lines.map((d) => d.status);
  assert.ok(
    statuses.includes("retrying") && statuses.at(-1) === "success",
    `followed the delivery through its states: ${statuses.join(" → ")}`,
  );
  assert.equal(new Set(lines.map((d) => d.delivery_id)).size, 1);

  const table = await run({ ...env, NO_COLOR: "" }, ["tail", "deliveries", "--since", "10m", "--status", "success"]);
  assert.equal(table.code, 0, table.stderr);
  const [header, row] = table.stdout.split("\n");
  assert.match(header!, /^UPDATED\s+STATUS\s+ATTEMPTS\s+CODE\s+CATEGORY\s+DELIVERY\s+WEBHOOK$/);
  assert.match(row!, /\ssuccess\s+2\s+200\s+success\s/);
  assert.doesNotMatch(table.stdout, /\x1b\[/, "no colour off a terminal");
  assert.equal((await run(env, ["tail", "deliveries", "--since", "soon"])).code, 2);
});

test("deliveries retry runs a batch with plain progress lines off a terminal; Ctrl-C cancels a re-push batch", async (t) => {
  const server = await startTestService(t, { workers: true, logLevel: "error" });
  const env = { SVC_URL: server.url, SVC_API_KEY: TEST_API_KEY, SVC_CONSUMER: "cli-batch" };
  const { startReceiver } = await import("../helpers/receiver.ts");
  const hook = (await startReceiver(t)).path("/batch").answers({ status: 500 });
  await server.rpc("EventService", "RegisterEvent", { name: "cli.batch" });
  await server.rest("POST", "/v1/consumers/cli-batch/webhooks", {
    url: hook.url,
    events: ["cli.batch"],
    http_config: { max_retries: 0 },
  });
  for (let i = 0; i < 20; i++)
    await server.rest("POST", "/v1/consumers/cli-batch/events?event=cli.batch", { payload: { i } });
  await hook.waitForRequests(20);
  const { eventually } = await import("../helpers/wait.ts");
  await eventually(
    () => server.rest("GET", "/v1/consumers/cli-batch/deliveries?status=failed"),
    (r) => r.body.pagination.total_count === 20,
    15_000,
    100,
  );
  hook.answers({ status: 200 });

  const retried = await run(env, ["deliveries", "retry", "--status", "failed", "--interval", "100ms"]);
  assert.equal(retried.code, 0, retried.stderr);
  assert.match(retried.stderr, /^progress: \d+\/20 \(\d+%\)/m);
  assert.equal(retried.stdout, "completed: 20 deliveries retried (of 20)");
  await hook.waitForRequests(40);

  // A re-push of many events takes a while: Ctrl-C in the middle cancels it on the server.
  await server.rpc("EventService", "RegisterEvent", { name: "cli.many" });
  for (let i = 0; i < 1500; i += 100)
    await Promise.all(
      Array.from({ length: 100 }, (_, j) =>
        server.rest("POST", "/v1/consumers/cli-batch/events?event=cli.many", { payload: { i: i + j } }),
      ),
    );
  const child = spawn(
    process.execPath,
    ["dist/cli.js", "events", "repush", "--event", "cli.many", "--interval", "50ms"],
    { env: { PATH: process.env.PATH!, ...env } },
  );
  let err = "";
  let out = "";
  child.stderr.on("data", (d) => (err += d));
  child.stdout.on("data", (d) => (out += d));
  const deadline = Date.now() + 15_000;
  while (!/^progress: /m.test(err) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  child.kill("SIGINT");
  const code = await new Promise((resolve) => child.on("close", resolve));
  assert.equal(code, 130, `${out}\n${err}`);
  assert.match(err, /^cancelled: \d+\/1500 done before the cancel/m);
  const { rows } = await server.app.db.query(
    "select status from batches where kind = 'repush' order by created_at desc limit 1",
  );
  assert.equal(rows[0].status, "cancelled");
});

test("listen receives a real delivery, verifies its signature, forwards it with its headers, and removes its webhook on Ctrl-C", async (t) => {
  const server = await startTestService(t, { workers: true, logLevel: "error" });
  const env = { SVC_URL: server.url, SVC_API_KEY: TEST_API_KEY, SVC_CONSUMER: "cli-listen" };
  const { startReceiver } = await import("../helpers/receiver.ts");
  const app = (await startReceiver(t)).path("/hooks").answers({ status: 202 });
  await server.rpc("EventService", "RegisterEvent", { name: "cli.listen" });
  await server.rest("POST", "/v1/consumers/cli-listen/webhooks", {
    url: "https://93.184.216.34/keep-the-consumer",
    events: ["cli.listen"],
  });

  const child = spawn(
    process.execPath,
    ["dist/cli.js", "listen", "--events", "cli.listen", "--forward", app.url, "-o", "json"],
    { env: { PATH: process.env.PATH!, ...env } },
  );
  t.after(() => child.kill("SIGKILL"));
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  const wait = async (test: () => boolean, what: string) => {
    const deadline = Date.now() + 15_000;
    while (!test() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.ok(test(), `${what}: ${out} ${err}`);
  };
  await wait(() => /listening for cli\.listen/.test(err), "listening");
  const webhookId = /webhook ([0-9a-f-]{36})/.exec(err)![1]!;

  const pushed = await server.rest("POST", "/v1/consumers/cli-listen/events?event=cli.listen", {
    payload: { order: 9 },
  });
  await wait(() => out.includes(pushed.body.event_id) || /"signature"/.test(out), "a delivery printed");
  const line = JSON.parse(out.trim().split("\n")[0]!);
  assert.deepEqual(
    [line.event, line.signature, line.forwarded, line.body.payload.order],
    ["cli.listen", "verified", 202, 9],
  );
  const [forwarded] = await app.waitForRequests(1);
  assert.match(
    String(forwarded!.headers["webhook-signature"]),
    /^v1,/,
    "forwarded with the original signature headers",
  );
  const { eventually } = await import("../helpers/wait.ts");
  await eventually(
    () => server.rest("GET", `/v1/consumers/cli-listen/deliveries?webhook_id=${webhookId}`),
    (r) => r.body.deliveries[0]?.response_code === 202,
    10_000,
    100,
  );

  child.kill("SIGINT");
  assert.equal(await new Promise((resolve) => child.on("close", resolve)), 0);
  assert.equal(
    (await server.rest("GET", `/v1/consumers/cli-listen/webhooks/${webhookId}`)).status,
    404,
    "the temporary webhook is gone",
  );
});

test("completion scripts complete this build's commands and options (bash run for real), unknown shells exit 2", async (t) => {
  const dir = await home(t);
  const bash = await run({}, ["completion", "bash"]);
  assert.equal(bash.code, 0);
  await writeFile(join(dir, "svc.bash"), bash.stdout);
  const probe = (words: string[], cword: number) =>
    spawnSync(
      "bash",
      [
        "-c",
        `source ${join(dir, "svc.bash")}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${cword}; _svc_complete; echo "\${COMPREPLY[*]}"`,
      ],
      { encoding: "utf8" },
    ).stdout.trim();
  assert.equal(probe(["svc", "pu"], 1), "push");
  assert.equal(probe(["svc", "deliveries", "re"], 2), "retry");
  assert.equal(probe(["svc", "push", "--idem"], 2), "--idempotency-key");
  assert.equal(probe(["svc", "tokens", "list", "--a"], 3), "--all");
  const fish = await run({}, ["completion", "fish"]);
  assert.match(fish.stdout, /^complete -c svc -n '__fish_seen_subcommand_from tail' -l 'follow'$/m);
  assert.equal((await run({}, ["completion", "tcsh"])).code, 2);
});

/** The CLI in a pseudo-terminal (util-linux `script`), as a person at a terminal runs it. */
async function inTerminal(env: Record<string, string>, args: string[], untilMs: number): Promise<string> {
  const command = [process.execPath, "dist/cli.js", ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
  const child = spawn("script", ["-qfec", command, "/dev/null"], {
    env: { PATH: process.env.PATH!, TERM: "xterm-256color", ...env },
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  const timer = setTimeout(() => child.kill("SIGINT"), untilMs);
  await new Promise((resolve) => child.on("close", resolve));
  clearTimeout(timer);
  return out;
}

test("on a terminal: tail colours statuses (not with NO_COLOR) and retry draws a progress bar; -o yaml everywhere", async (t) => {
  const server = await startTestService(t, { workers: true, logLevel: "error" });
  const env = { SVC_URL: server.url, SVC_API_KEY: TEST_API_KEY, SVC_CONSUMER: "cli-tty" };
  const { startReceiver } = await import("../helpers/receiver.ts");
  const hook = (await startReceiver(t)).path("/tty").answers({ status: 500 });
  await server.rpc("EventService", "RegisterEvent", { name: "cli.tty" });
  await server.rest("POST", "/v1/consumers/cli-tty/webhooks", {
    url: hook.url,
    events: ["cli.tty"],
    http_config: { max_retries: 0 },
  });
  for (let i = 0; i < 5; i++)
    await server.rest("POST", "/v1/consumers/cli-tty/events?event=cli.tty", { payload: { i } });
  await hook.waitForRequests(5);
  const { eventually } = await import("../helpers/wait.ts");
  await eventually(
    () => server.rest("GET", "/v1/consumers/cli-tty/deliveries?status=failed"),
    (r) => r.body.pagination.total_count === 5,
    15_000,
    100,
  );

  const coloured = await inTerminal(env, ["tail", "deliveries"], 10_000);
  assert.match(coloured, /\x1b\[31mfailed/, "failed in red on a terminal");
  const plain = await inTerminal({ ...env, NO_COLOR: "1" }, ["tail", "deliveries"], 10_000);
  assert.match(plain, /failed/);
  assert.doesNotMatch(plain, /\x1b\[3\dm/, "NO_COLOR is respected");

  hook.answers({ status: 200 });
  const bar = await inTerminal(env, ["deliveries", "retry", "--interval", "50ms"], 20_000);
  assert.match(bar, /\r\[[#-]{24}\] \d+\/5 \(\d+%\)/, "a progress bar redrawn in place");
  assert.match(bar, /completed: 5 deliveries retried \(of 5\)/);

  const yaml = await run(env, ["tail", "deliveries", "-o", "yaml"]);
  assert.match(yaml.stdout, /^---\ndelivery_id: [0-9a-f-]{36}$/m);
  assert.equal((await run(env, ["tail", "deliveries", "-o", "xml"])).code, 2);
});
