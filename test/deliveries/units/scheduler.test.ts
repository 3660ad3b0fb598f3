// The per-endpoint scheduler alone: jobs are plain promises, no HTTP, no database.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Lane } from "../../../lib/deliveries/stages.ts";
import { EndpointScheduler, type Job, type SchedulerLimits } from "../../../lib/deliveries/endpoint-scheduler.ts";
import type { Claimed } from "../../../lib/deliveries/stages.ts";
import { claimOf } from "./claims.ts";

const LIMITS: SchedulerLimits = { total: 8, perWebhook: 2, perOrigin: 3, retries: 6, maxWaitMs: 60_000 };

/** A scheduler whose jobs finish when the test says, recording every event. */
function harness(limits: SchedulerLimits = LIMITS) {
  const finishers = new Map<string, (v: string) => void>();
  const log: string[] = [];
  const scheduler = new EndpointScheduler<string>(limits, {
    done: (job, result) => log.push(`done ${job.claim.id} ${result}`),
    failed: (job) => log.push(`failed ${job.claim.id}`),
    released: (job, why) => log.push(`released ${job.claim.id} ${why}`),
    freed: (job, idle) => log.push(`freed ${job?.claim.id ?? "-"}${idle ? " idle" : ""}`),
  });
  const started: string[] = [];
  const job = (webhookId: string, origin: string, lane: Lane = "fresh", extra: Partial<Claimed> = {}): Job<string> => {
    const c = claimOf({ webhookId, ...extra });
    return {
      claim: c,
      origin,
      lane,
      start: () =>
        new Promise<string>((resolve) => {
          started.push(c.id);
          finishers.set(c.id, resolve);
        }),
    };
  };
  const finish = async (id: string) => {
    finishers.get(id)!("ok");
    await new Promise((r) => setImmediate(r));
  };
  return { scheduler, job, started, finish, log };
}

test("a webhook never has more than its share in flight; the next starts when one finishes", async () => {
  const h = harness();
  const jobs = [1, 2, 3].map(() => h.job("w1", "https://a"));
  for (const j of jobs) h.scheduler.submit(j);
  assert.deepEqual(h.started, [jobs[0]!.claim.id, jobs[1]!.claim.id]);
  assert.equal(h.scheduler.inFlight, 2);
  assert.equal(h.scheduler.queued, 1);
  await h.finish(jobs[0]!.claim.id);
  assert.deepEqual(
    h.started,
    jobs.map((j) => j.claim.id),
  );
  assert.ok(h.log.includes(`done ${jobs[0]!.claim.id} ok`));
  await h.finish(jobs[1]!.claim.id);
  await h.finish(jobs[2]!.claim.id);
  assert.ok(h.log.includes(`freed ${jobs[2]!.claim.id} idle`), "the webhook went idle with its last job");
  assert.ok(!h.log.includes(`freed ${jobs[1]!.claim.id} idle`));
  assert.ok(h.scheduler.empty);
});

test("webhooks behind one origin share the origin's slots; other origins are not held up", () => {
  const h = harness();
  const a = [h.job("w1", "https://a"), h.job("w1", "https://a"), h.job("w2", "https://a"), h.job("w2", "https://a")];
  const b = h.job("w3", "https://b");
  for (const j of [...a, b]) h.scheduler.submit(j);
  assert.equal(h.started.filter((id) => a.some((j) => j.claim.id === id)).length, 3, "perOrigin = 3");
  assert.ok(h.started.includes(b.claim.id));
  assert.deepEqual(h.scheduler.webhookRoom(), { w1: 0, w2: 0 }, "a saturated origin leaves its webhooks no room");
});

test("retries hold at most their share of the process; first attempts always find room", () => {
  const h = harness({ ...LIMITS, total: 4, retries: 2, perWebhook: 4, perOrigin: 4 });
  h.scheduler.submit(h.job("w1", "https://a", "retry"));
  h.scheduler.submit(h.job("w1", "https://a", "retry"));
  assert.equal(h.scheduler.room("retry"), 0);
  assert.equal(h.scheduler.room("fresh"), 2);
});

test("held back (circuit opened) and stale claims go back unsent; a probe is not held back", async () => {
  const h = harness({ ...LIMITS, perWebhook: 1, maxWaitMs: 40 });
  const running = h.job("w1", "https://a");
  const waiting = h.job("w1", "https://a");
  const probe = h.job("w1", "https://a", "fresh", { probe: true });
  for (const j of [running, waiting, probe]) h.scheduler.submit(j);
  h.scheduler.holdBack(["w1"]);
  assert.ok(h.log.includes(`released ${waiting.claim.id} held back`));
  assert.ok(!h.log.some((l) => l.startsWith(`released ${probe.claim.id}`)));
  await new Promise((r) => setTimeout(r, 120));
  assert.ok(h.log.includes(`released ${probe.claim.id} waited too long`));
  h.scheduler.stop();
});

test("stop gives back what waits at once and takes nothing new; abandonRunning gives back what runs", async () => {
  const h = harness({ ...LIMITS, perWebhook: 1 });
  const running = h.job("w1", "https://a");
  const waiting = h.job("w1", "https://a");
  h.scheduler.submit(running);
  h.scheduler.submit(waiting);
  h.scheduler.stop();
  assert.ok(h.log.includes(`released ${waiting.claim.id} stopping`));
  assert.equal(h.scheduler.room("fresh"), 0);
  const late = h.job("w2", "https://b");
  h.scheduler.submit(late);
  assert.ok(h.log.includes(`released ${late.claim.id} stopping`));
  h.scheduler.abandonRunning();
  assert.ok(h.log.includes(`released ${running.claim.id} stopping`));
  await h.finish(running.claim.id);
  assert.ok(!h.log.some((l) => l.startsWith(`done ${running.claim.id}`)), "a result after abandoning is ignored");
});

test("claims being prepared count against the process's, the lane's and the webhook's room until released", () => {
  const h = harness({ ...LIMITS, total: 8, retries: 6, perWebhook: 4, perOrigin: 8 });
  const claims = [1, 2, 3].map(() => claimOf({ webhookId: "w1" }));
  const release = h.scheduler.reserve(claims, "retry");
  assert.equal(h.scheduler.room("fresh"), 5);
  assert.equal(h.scheduler.room("retry"), 3);
  // A share of 4 plus a chunk (1) ahead, 3 of them taken: 2 more for w1.
  assert.deepEqual(h.scheduler.webhookRoom(), { w1: 2 });
  release();
  release();
  assert.equal(h.scheduler.room("fresh"), 8);
  assert.equal(h.scheduler.room("retry"), 6);
  assert.deepEqual(h.scheduler.webhookRoom(), {}, "released twice counts once");
});

test("a webhook that completes quickly may have more claimed ahead; a slow one keeps one chunk", async () => {
  const h = harness({ total: 256, perWebhook: 8, perOrigin: 256, retries: 192, maxWaitMs: 60_000 });
  // Claims take 50 ms from their start until their deliveries are submitted.
  h.scheduler.noteLead(50);
  const fast = Array.from({ length: 200 }, () => h.job("fast", "https://fast", "retry"));
  const slow = [1, 2, 3, 4, 5, 6, 7, 8].map(() => h.job("slow", "https://slow", "retry"));
  for (const j of [...fast.slice(0, 8), ...slow]) h.scheduler.submit(j);
  // The fast endpoint answers at once, 200 times within a second; the slow one never within it.
  for (let i = 0; i < 200; i++) {
    await h.finish(fast[i]!.claim.id);
    if (i + 8 < 200) h.scheduler.submit(fast[i + 8]!);
  }
  await new Promise((r) => setTimeout(r, 1_050));
  const room = h.scheduler.webhookRoom();
  // fast: ≈ 200/s (the window is a little over a second) over two leads of 50 ms ≈ 20 ahead instead of a chunk of
  // 2, at most four shares (32).
  assert.ok(room.fast! >= 8 + 15 - 2 && room.fast! <= 8 + 20 - 2, `fast: ${room.fast}`);
  // slow: its share is in flight and a chunk (2) may wait: room for 2, not a larger lookahead.
  assert.equal(room.slow, 2);
});
