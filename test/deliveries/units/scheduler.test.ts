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
