// The outcome buffer: outcomes of attempts wait here and are written in batches — at `flushAt` outcomes or after
// `flushDelayMs`, whichever comes first. A failed write keeps the outcomes, in order, and tries again with backoff;
// until it succeeds the worker claims nothing new (`blocked`). What a write does is the writer's (outcome-writer.ts):
// this unit only batches, so it runs without a database.
import type { Logger } from "../log.ts";
import type { AttemptResult } from "./stages.ts";
import { isConnectionError } from "../db/pool.ts";
import type { Paused } from "../webhooks/auto-pause.ts";

/** What a write changed beyond the deliveries: circuits open after it, webhooks paused. */
export interface WriteChanges {
  open: string[];
  paused: Paused[];
}

export interface OutcomeBufferOptions {
  /** Writes one batch (all or nothing). */
  write(batch: AttemptResult[]): Promise<WriteChanges>;
  log: Logger;
  /** Longest an outcome waits before it is written. */
  flushDelayMs: number;
  /** Outcomes that trigger a write at once. */
  flushAt?: number;
  /** After every successful write. */
  written(changes: WriteChanges): void;
}

const MAX_BACKOFF_MS = 5_000;

export class OutcomeBuffer {
  private buffer: AttemptResult[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private backoffMs = 0;
  private closed = false;

  constructor(private readonly o: OutcomeBufferOptions) {}

  get size(): number {
    return this.buffer.length;
  }

  /** A write is failing (the database may be restarting). */
  get blocked(): boolean {
    return this.backoffMs > 0;
  }

  get idle(): boolean {
    return !this.buffer.length && !this.flushing;
  }

  add(result: AttemptResult): void {
    this.buffer.push(result);
    if (this.buffer.length >= (this.o.flushAt ?? 200)) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.o.flushDelayMs);
  }

  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.buffer.length) return;
    const batch = this.buffer;
    this.buffer = [];
    this.flushing = this.write(batch);
    await this.flushing;
    this.flushing = undefined;
    if (this.buffer.length && !this.closed) void this.flush();
  }

  /**
   * Shutdown: writes until nothing is left or `deadline` (epoch ms) passes with the database still away; then it
   * stops retrying. Outcomes left unwritten are safe: their rows are still leased and come back when it ends.
   */
  async drain(deadline: number): Promise<void> {
    while (!this.idle && Date.now() < deadline) {
      await this.flushing;
      await this.flush();
    }
    this.closed = true;
    if (this.buffer.length)
      this.o.log.warn("shutdown: delivery outcomes not written; their deliveries will be attempted again", {
        outcomes: this.buffer.length,
      });
  }

  private async write(batch: AttemptResult[]): Promise<void> {
    try {
      const changes = await this.o.write(batch);
      this.backoffMs = 0;
      this.o.written(changes);
    } catch (err) {
      this.buffer = batch.concat(this.buffer);
      this.backoffMs = Math.min(Math.max(this.backoffMs * 2, 100), MAX_BACKOFF_MS);
      if (isConnectionError(err))
        this.o.log.warn("cannot write delivery outcomes yet; retrying", {
          error: (err as Error).message,
          retry_in_ms: this.backoffMs,
        });
      else this.o.log.error("writing delivery outcomes failed; retrying", { error: err, retry_in_ms: this.backoffMs });
      if (!this.closed) await new Promise((r) => setTimeout(r, this.backoffMs));
    }
  }
}
