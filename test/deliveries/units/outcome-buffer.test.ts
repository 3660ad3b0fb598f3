// The outcome buffer alone: batching, the flush delay, retries of a failed write in order, and shutdown. Its write
// is a function of the test's; no database, no HTTP.
import assert from "node:assert/strict";
import { test } from "node:test";
import { released } from "../../../lib/deliveries/attempt.ts";
import { OutcomeBuffer, type WriteChanges } from "../../../lib/deliveries/outcome-buffer.ts";
import type { AttemptResult } from "../../../lib/deliveries/stages.ts";
import { createLogger } from "../../../lib/log.ts";
import { claimOf } from "./claims.ts";

const NOTHING: WriteChanges = { open: [], paused: [] };
const result = (id: string): AttemptResult => released(claimOf({ id }), new Date());
const ids = (batch: AttemptResult[]) => batch.map((r) => r.outcome.id);
const lines: string[] = [];
const log = createLogger("warn", (line) => lines.push(line));

test("outcomes are written in one batch at flushAt, or after the flush delay", async () => {
  const writes: string[][] = [];
  let announced = 0;
  const buffer = new OutcomeBuffer({
    write: async (batch) => {
      writes.push(ids(batch));
      return { open: ["w"], paused: [] };
    },
    written: (changes) => {
      assert.deepEqual(changes.open, ["w"]);
      announced++;
    },
    log,
    flushDelayMs: 30,
    flushAt: 3,
  });
  for (const id of ["a", "b", "c"]) buffer.add(result(id));
  await buffer.flush();
  assert.deepEqual(writes, [["a", "b", "c"]], "flushAt reached: written at once");
  buffer.add(result("d"));
  assert.equal(buffer.size, 1);
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(writes.length, 1, "not before the delay");
  await new Promise((r) => setTimeout(r, 60));
  assert.deepEqual(writes, [["a", "b", "c"], ["d"]]);
  assert.equal(announced, 2);
  assert.ok(buffer.idle);
});

test("outcomes that come in during a write wait for their own delay; a flush asked meanwhile follows the write", async () => {
  const writes: string[][] = [];
  let finish: () => void = () => {};
  const buffer = new OutcomeBuffer({
    write: async (batch) => {
      writes.push(ids(batch));
      if (writes.length === 1) await new Promise<void>((r) => (finish = r));
      return NOTHING;
    },
    written: () => {},
    log,
    flushDelayMs: 40,
  });
  buffer.add(result("a"));
  const first = buffer.flush();
  buffer.add(result("b"));
  finish();
  await first;
  await new Promise((r) => setTimeout(r, 10));
  // Written the moment the first write ended, each batch was as long as one write: a transaction per few outcomes.
  assert.deepEqual(writes, [["a"]], "b waits for its delay, not for the end of the write before it");
  await new Promise((r) => setTimeout(r, 60));
  assert.deepEqual(writes, [["a"], ["b"]]);

  // The delay runs out (or a caller flushes) while a write runs: the rest goes right after it.
  buffer.add(result("c"));
  const third = buffer.flush();
  buffer.add(result("d"));
  const asked = buffer.flush();
  assert.equal(writes.length, 3, "one write at a time");
  await third;
  await asked;
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(writes, [["a"], ["b"], ["c"], ["d"]]);
  assert.ok(buffer.idle);
});

test("a failed write keeps its outcomes in order, blocks the worker, and is retried with backoff", async () => {
  const writes: string[][] = [];
  let failures = 2;
  const buffer = new OutcomeBuffer({
    write: async (batch) => {
      writes.push(ids(batch));
      if (failures-- > 0) throw Object.assign(new Error("connection terminated"), { code: "ECONNRESET" });
      return NOTHING;
    },
    written: () => {},
    log,
    flushDelayMs: 1,
    flushAt: 100,
  });
  buffer.add(result("a"));
  buffer.add(result("b"));
  await buffer.flush();
  assert.ok(buffer.blocked, "the worker claims nothing new while writes fail");
  buffer.add(result("c"));
  const deadline = Date.now() + 5_000;
  while (!buffer.idle && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    await buffer.flush();
  }
  assert.ok(buffer.idle);
  assert.equal(buffer.blocked, false);
  assert.deepEqual(writes[0], ["a", "b"]);
  assert.deepEqual(writes.at(-1), ["a", "b", "c"], "the failed batch goes first, then what came since");
  assert.ok(
    lines.some((l) => l.includes("cannot write delivery outcomes yet")),
    "a lost connection is a warning",
  );
});

test("drain writes what is left, and gives up at its deadline while the write keeps failing", async () => {
  let ok = false;
  const written: string[] = [];
  const buffer = new OutcomeBuffer({
    write: async (batch) => {
      if (!ok) throw new Error("database away");
      written.push(...ids(batch));
      return NOTHING;
    },
    written: () => {},
    log,
    flushDelayMs: 1_000,
  });
  buffer.add(result("a"));
  const started = Date.now();
  await buffer.drain(Date.now() + 300);
  assert.ok(Date.now() - started < 3_000);
  assert.equal(buffer.size, 1, "unwritten outcomes stay (their lease brings them back)");
  ok = true;
  const other = new OutcomeBuffer({
    write: async (batch) => {
      written.push(...ids(batch));
      return NOTHING;
    },
    written: () => {},
    log,
    flushDelayMs: 1_000,
  });
  other.add(result("b"));
  await other.drain(Date.now() + 1_000);
  assert.deepEqual(written, ["b"]);
  assert.ok(other.idle);
});
