// The same handlers on every runtime: dist/server.js on Node is the reference; dist/fetch.js under Node
// (@whatwg-node/server), Bun, Deno (deploy/bun, deploy/deno) and workerd (deploy/workerd) must answer the request
// script with the same statuses and bodies, each against its own freshly migrated PostgreSQL database.
import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { createServerAdapter } from "@whatwg-node/server";
import { createTestDatabase } from "../helpers/cluster.ts";
import { startReceiver, type Receiver } from "../helpers/receiver.ts";
import { startRuntime, type RuntimeName } from "../helpers/runtimes.ts";
import { TEST_API_KEY, TEST_KEYS } from "../helpers/service.ts";
import { runScript, serverErrors, type Step } from "./script.ts";

const cleanups: (() => unknown)[] = [];
after(async () => {
  for (const fn of cleanups.reverse()) await fn();
});
const cleanup = { after: (fn: () => unknown) => void cleanups.push(fn) };

let receiver: Receiver;
before(async () => {
  receiver = await startReceiver(cleanup);
});

async function envFor(): Promise<Record<string, string>> {
  return {
    DATABASE_URL: await createTestDatabase(cleanup),
    SVC_ENCRYPTION_KEYS: TEST_KEYS,
    SVC_ENCRYPTION_PRIMARY_KEY_ID: "k1",
    SVC_API_KEY: TEST_API_KEY,
    SVC_ALLOWED_NETWORKS: "127.0.0.1/32",
    SVC_LOG_LEVEL: "warn",
    // The reference serves the API only, like the fetch runtimes (which never run workers).
    SVC_WORKERS: "false",
  };
}

/** The script's steps on `name`, serving its own database. */
async function scriptOn(name: RuntimeName): Promise<Step[]> {
  const runtime = await startRuntime(name, await envFor());
  try {
    return await runScript({ url: runtime.url, apiKey: TEST_API_KEY, receiverUrl: receiver.url });
  } catch (err) {
    throw new Error(`${name}: ${(err as Error).message}\n${runtime.output().slice(-3000)}`);
  } finally {
    await runtime.stop();
  }
}

let reference: Promise<Step[]> | undefined;
const nodeSteps = () => (reference ??= scriptOn("node"));

/** Equal step by step, so a difference names its step. */
function assertSameSteps(actual: Step[], expected: Step[]): void {
  assert.deepEqual(
    actual.map((s) => s.step),
    expected.map((s) => s.step),
  );
  for (const [i, s] of actual.entries()) assert.deepEqual(s, expected[i], `step "${s.step}"`);
}

test("the reference run on Node (dist/server.js) covers every status the script is about", async () => {
  const steps = await nodeSteps();
  if (process.env.SVC_TEST_PRINT_STEPS) for (const s of steps) console.log(JSON.stringify(s).slice(0, 300));
  assert.ok(steps.length >= 20, "at least 20 requests, sent one after another");
  const status = Object.fromEntries(steps.map((s) => [s.step, s.status]));
  for (const created of ["create consumer", "create event type", "create event type 2", "create webhook"])
    assert.equal(status[created], 201, created);
  assert.equal(status["create subscription"], 201);
  assert.equal(status.push, 202);
  assert.equal(status["connect json"], 200);
  for (const code of [401, 404, 405, 415]) assert.equal(status[String(code)], code);
  assert.equal(status.portal, 200);
  assert.equal(status["portal asset"], 200);
  assert.deepEqual(serverErrors(steps), []);
  const repush = steps.find((s) => s.step === "re-push")!.body as { duplicate?: boolean };
  assert.equal(repush.duplicate, true);
});

test("dist/fetch.js inside Node (@whatwg-node/server) answers the script as dist/server.js does", async () => {
  const { createFetchHandler } = await import("../../dist/fetch.js" as string);
  const handler = createFetchHandler(await envFor());
  const server = createServer(createServerAdapter(handler));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    assertSameSteps(await runScript({ url, apiKey: TEST_API_KEY, receiverUrl: receiver.url }), await nodeSteps());
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

for (const name of ["bun", "deno", "workerd"] as const) {
  test(`${name} (its npm package) answers the script as Node does`, async () => {
    assertSameSteps(await scriptOn(name), await nodeSteps());
  });
}

test("workerd (deploy/workerd) answers 10 runs of the script at once without a 5xx", async () => {
  // The run above sent the script's requests one after another; at once, no request may use another's connection.
  const runtime = await startRuntime("workerd", await envFor());
  try {
    const runs = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        runScript({ url: runtime.url, apiKey: TEST_API_KEY, receiverUrl: receiver.url, suffix: `-${i}` }),
      ),
    );
    for (const [i, steps] of runs.entries()) {
      assert.deepEqual(serverErrors(steps), [], `run ${i}`);
      assert.deepEqual(
        steps.map((s) => s.status),
        (await nodeSteps()).map((s) => s.status),
        `run ${i}`,
      );
    }
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${runtime.output().slice(-3000)}`);
  } finally {
    await runtime.stop();
  }
});
