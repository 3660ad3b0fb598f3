// The claim stage with the endpoint scheduler: claimers and preparations are plain promises, no database, no HTTP.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ClaimStage, type LaneClaimer } from "../../../lib/deliveries/claim-stage.ts";
import type { ClaimRequest } from "../../../lib/deliveries/claim.ts";
import { EndpointScheduler } from "../../../lib/deliveries/endpoint-scheduler.ts";
import type { Claimed, Lane } from "../../../lib/deliveries/stages.ts";
import { claimOf } from "./claims.ts";

/** A lane whose claims return `n` deliveries of webhook w1 each, recording what each claim was offered. */
function lane(name: Lane, n: number, log: string[]) {
  const offered: Omit<ClaimRequest, "lane">[] = [];
  const claimer: LaneClaimer = {
    lane: name,
    async claim(req) {
      offered.push(req);
      log.push(`claim ${name}`);
      const take = Math.min(n, req.room.w1 ?? req.perWebhook, req.limit);
      return Array.from({ length: take }, () => claimOf({ webhookId: "w1", attempt: name === "retry" ? 2 : 1 }));
    },
  };
  return { claimer, offered };
}

function stage(claimers: [LaneClaimer, LaneClaimer]) {
  return new ClaimStage(undefined as never, {
    leaseToken: "t",
    claimBatch: 100,
    minClaim: 1,
    perWebhook: 8,
    quietMs: 100,
    claimers,
  });
}

const scheduler = () =>
  new EndpointScheduler<unknown>(
    { total: 64, perWebhook: 8, perOrigin: 64, retries: 48, maxWaitMs: 60_000 },
    { done() {}, failed() {}, released() {}, freed() {} },
  );

test("a round does not wait for a claim's preparation: the other lane claims at once, without its room", async () => {
  const log: string[] = [];
  const fresh = lane("fresh", 6, log);
  const retry = lane("retry", 6, log);
  const s = scheduler();
  const preparations: (() => void)[] = [];
  const take = (claims: Claimed[], l: Lane) =>
    new Promise<void>((resolve) => {
      log.push(`prepare ${l} ${claims.length}`);
      preparations.push(resolve);
    });
  await stage([fresh.claimer, retry.claimer]).claim(s, take);
  // Both lanes claimed while the first preparation was still running; the second saw the first's claims reserved:
  // w1 may have its share (8) and a chunk (2) claimed, 6 of them already were.
  assert.deepEqual(log, ["claim fresh", "prepare fresh 6", "claim retry", "prepare retry 4"]);
  assert.deepEqual(retry.offered[0]!.room, { w1: 4 });
  assert.equal(s.room("fresh"), 64 - 10);
  for (const done of preparations) done();
  await new Promise((r) => setImmediate(r));
  assert.equal(s.room("fresh"), 64, "a preparation that ends gives its reservation back");
});

test("the lane that claims first alternates, so a webhook's retries are not left what its first attempts leave", async () => {
  const log: string[] = [];
  const fresh = lane("fresh", 10, log);
  const retry = lane("retry", 10, log);
  const s = scheduler();
  const claims = stage([fresh.claimer, retry.claimer]);
  const taken: string[] = [];
  const take = async (c: Claimed[], l: Lane) => void taken.push(`${l} ${c.length}`);
  await claims.claim(s, take);
  await new Promise((r) => setImmediate(r));
  await claims.claim(s, take);
  // Round 1: fresh first takes w1's 8; round 2: retry first.
  assert.deepEqual(log, ["claim fresh", "claim retry", "claim retry", "claim fresh"]);
  assert.deepEqual(taken.slice(0, 2), ["fresh 8", "retry 2"]);
  assert.equal(taken[2], "retry 8");
});

test("a preparation that failed fails the next claim (the work loop backs off)", async () => {
  const log: string[] = [];
  const s = scheduler();
  const claims = stage([lane("fresh", 1, log).claimer, lane("retry", 0, log).claimer]);
  await claims.claim(s, () => Promise.reject(new Error("database went away")));
  await new Promise((r) => setImmediate(r));
  await assert.rejects(
    claims.claim(s, async () => {}),
    /database went away/,
  );
  assert.equal(s.room("fresh"), 64, "its reservation was given back");
  await claims.claim(s, async () => {});
});
