// The small units the delivery worker is wired with: the doorbell a later stage answers and the two-phase shutdown.
// No HTTP, no database.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Doorbell } from "../../lib/workers/doorbell.ts";
import { Shutdown } from "../../lib/workers/shutdown.ts";

test("a doorbell reaches its answerer from the moment it answers until it hangs up; rings before and after are dropped", () => {
  const bell = new Doorbell<string[]>();
  const heard: string[][] = [];
  bell.ring(["before"]);
  bell.answer((ids) => heard.push(ids));
  bell.ring(["a", "b"]);
  bell.ring([]);
  bell.hangUp();
  bell.ring(["after"]);
  assert.deepEqual(heard, [["a", "b"], []]);
});

test("a doorbell has one answerer at a time", () => {
  const bell = new Doorbell();
  let rings = 0;
  bell.answer(() => rings++);
  assert.throws(() => bell.answer(() => {}), /answered already/);
  bell.ring();
  bell.hangUp();
  bell.answer(() => (rings += 10));
  bell.ring();
  assert.equal(rings, 11);
});

test("a shutdown first stops taking work, and cuts off what runs only when told", () => {
  const shutdown = new Shutdown();
  const listeners = Array.from({ length: 20 }, () => {
    const seen: unknown[] = [];
    shutdown.signal.addEventListener("abort", () => seen.push(shutdown.signal.reason));
    return seen;
  });
  assert.equal(shutdown.stopping, false);
  shutdown.begin();
  assert.equal(shutdown.stopping, true);
  assert.equal(shutdown.signal.aborted, false);
  const reason = new Error("the worker is stopping");
  shutdown.cutOff(reason);
  assert.equal(shutdown.signal.aborted, true);
  assert.ok(listeners.every((seen) => seen.length === 1 && seen[0] === reason));
});
