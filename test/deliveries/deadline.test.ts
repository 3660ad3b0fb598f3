// The attempt deadline is the endpoint's time: a stalled event loop on our side is not charged to a receiver that
// answered in time, while a receiver that really does not answer still times out on time.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { test, type TestContext } from "node:test";
import { createEgressPolicy, createGuardedDispatcher } from "../../lib/egress/index.ts";
import { HttpSender } from "../../lib/deliveries/http-send.ts";

const sender = new HttpSender();
import { categoryOfError } from "../../lib/deliveries/classify.ts";

/** A receiver in its own process, so stalling this test's event loop does not stall it: /fast answers in 10 ms. */
async function receiverProcess(t: TestContext): Promise<string> {
  const child = spawn(process.execPath, [
    "-e",
    `const s = require("node:http").createServer((req, res) => req.resume().on("end", () => { if (req.url === "/fast") setTimeout(() => res.end("ok"), 10); }));
     s.listen(0, "127.0.0.1", () => console.log(s.address().port));`,
  ]);
  t.after(() => child.kill());
  const [line] = await once(child.stdout, "data");
  return `http://127.0.0.1:${String(line).trim()}`;
}

function stall(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* our process is busy: the receiver is not */
  }
}

const request = (url: string, dispatcher: ReturnType<typeof createGuardedDispatcher>) => ({
  url,
  method: "POST",
  headers: { "content-type": "application/json" },
  body: "{}",
  timeoutMs: 300,
  followRedirects: false,
  maxResponseBytes: 1024,
  dispatcher,
  checkRedirect: async () => {},
});

test("a response that arrived while our event loop was stalled past the deadline is a success, not a timeout", async (t) => {
  const base = await receiverProcess(t);
  const dispatcher = createGuardedDispatcher(
    createEgressPolicy({ allowedNetworks: ["127.0.0.1/32"], allowPrivateNetworks: false }),
    { verifySsl: true },
  );
  t.after(() => dispatcher.close());
  await sender.send(request(`${base}/fast`, dispatcher)); // warm connection

  const pending = sender.send(request(`${base}/fast`, dispatcher));
  await new Promise((r) => setTimeout(r, 5));
  // Stalled in the check phase: the next loop turn runs due timers (the deadline) before it reads the socket.
  await new Promise((r) => setImmediate(r));
  stall(900);
  const result = await pending;
  assert.equal(result.status, 200, `got ${result.status} ${String((result.error as Error)?.message ?? "")}`);
});

test("a receiver that does not answer still times out at the deadline", async (t) => {
  const base = await receiverProcess(t);
  const dispatcher = createGuardedDispatcher(
    createEgressPolicy({ allowedNetworks: ["127.0.0.1/32"], allowPrivateNetworks: false }),
    { verifySsl: true },
  );
  t.after(() => dispatcher.close());
  const started = performance.now();
  const result = await sender.send(request(`${base}/never`, dispatcher));
  const took = performance.now() - started;
  assert.equal(result.status, 0);
  assert.equal(categoryOfError(result.error), "timeout");
  assert.ok(took >= 290 && took < 2_000, `timed out after ${Math.round(took)} ms (deadline 300 ms)`);
});
