// The TypeScript client example in docs/rpc.md runs as written (only its import points at svc's own generated
// code) against a live svc, and its webhook receives the pushed event.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { startReceiver } from "../helpers/receiver.ts";
import { sharedService, TEST_API_KEY } from "../helpers/service.ts";

const svc = sharedService({ workers: true });

test("the TypeScript example of docs/rpc.md registers, pushes and lists against svc", async (t) => {
  const doc = readFileSync("docs/rpc.md", "utf8");
  const block = /<!-- rpc-example:start -->\n```ts\n([\s\S]*?)```\n<!-- rpc-example:end -->/.exec(doc)?.[1];
  assert.ok(block, "docs/rpc.md has the marked example");
  assert.match(block, /from "\.\/gen\/webhook_pb\.js"/);
  const program = block.replace("./gen/webhook_pb.js", resolve("lib/http/rpc/gen/webhook_pb.ts"));
  // Inside the checkout, so the packages resolve from node_modules as in a user's project.
  mkdirSync(".svc", { recursive: true });
  const file = resolve(`.svc/rpc-example-${process.pid}.ts`);
  writeFileSync(file, program);
  t.after(() => rmSync(file, { force: true }));

  const receiver = await startReceiver(t);
  const hook = receiver.path("/orders");
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", file], {
    env: { ...process.env, SVC_URL: svc().url, SVC_API_KEY: TEST_API_KEY, HOOK_URL: hook.url },
  });
  assert.match(stdout, /^webhook [0-9a-f-]{36}, secret whsec_\S+$/m);
  const eventId = /^event ([0-9a-f-]{36})$/m.exec(stdout)?.[1];
  assert.ok(eventId, stdout);
  assert.match(stdout, /^delivery [0-9a-f-]{36} is (PENDING|SENDING|SUCCESS)$/m, "one delivery listed");
  const [request] = await hook.waitForRequests(1);
  assert.equal(JSON.parse(request!.body).event_id, eventId);
});
