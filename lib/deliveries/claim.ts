// The fair claim. Due deliveries are taken webhook by webhook in round-robin order (a loose index scan over the
// lane's index starting after the last webhook served), at most a bounded share from each, so a backlog of one
// endpoint can never fill a claim or starve the others — in this process and across every process on the
// database. Webhooks whose circuit is open give one probe when it is due, and nothing else; webhooks svc paused
// itself (410 Gone, auto-disable) give nothing until they are resumed.
import type { Db } from "../db/pool.ts";
import { toClaimed } from "./queue.ts";
import { claimStatements } from "./sql/claim.ts";
import { run } from "./sql/statement.ts";
import type { Claimed, Lane } from "./stages.ts";

const BEFORE_ALL = "00000000-0000-0000-0000-000000000000";
const AFTER_ALL = "ffffffff-ffff-ffff-ffff-ffffffffffff";

export interface ClaimRequest {
  lane: Lane;
  /** Most deliveries in this claim. */
  limit: number;
  /** Most deliveries of one webhook in this claim, unless `room` says otherwise. */
  perWebhook: number;
  /** Webhooks with less room than `perWebhook` in this process (0 = none now). */
  room: Record<string, number>;
  leaseToken: string;
}

async function claimRange(db: Db, req: ClaimRequest, after: string, upTo: string, limit: number): Promise<Claimed[]> {
  const rows = await run(db, claimStatements[req.lane], { ...req, after, upTo, limit });
  return rows.map(toClaimed);
}

/**
 * A round-robin claimer for one lane: each claim starts after the webhook the previous one ended on and wraps
 * around once, so every webhook with due work is visited before any is visited twice.
 */
export class FairClaimer {
  private cursor = BEFORE_ALL;

  constructor(
    private readonly db: Db,
    readonly lane: Lane,
  ) {}

  async claim(req: Omit<ClaimRequest, "lane">): Promise<Claimed[]> {
    const full: ClaimRequest = { ...req, lane: this.lane };
    const claims = await claimRange(this.db, full, this.cursor, AFTER_ALL, req.limit);
    if (claims.length < req.limit && this.cursor !== BEFORE_ALL) {
      claims.push(...(await claimRange(this.db, full, BEFORE_ALL, this.cursor, req.limit - claims.length)));
    }
    // Where this claim stopped: the next one starts with the following webhook.
    if (claims.length) this.cursor = claims.length === req.limit ? lastServed(claims, this.cursor) : BEFORE_ALL;
    return claims;
  }
}

/** The webhook this claim served last, in the wrapped order that started after `cursor`. */
function lastServed(claims: Claimed[], cursor: string): string {
  const ids = claims.map((c) => c.webhookId);
  const wrapped = ids.filter((id) => id <= cursor);
  return (wrapped.length ? wrapped : ids).reduce((a, b) => (a > b ? a : b));
}
