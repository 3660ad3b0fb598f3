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
  /** A flush was asked for while a write ran. */
  private again = false;

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
    if (this.buffer.length >= this.#flushAt) void this.flush();
    else this.#schedule();
  }

  /**
   * Writes what is buffered now. Asked while a write runs (the delay ran out, or a caller wants everything written),
   * it writes again as soon as that write ends.
   */
  async flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.again = false;
    if (!this.buffer.length) return;
    const batch = this.buffer;
    this.buffer = [];
    let written = false;
    this.flushing = this.write(batch).then((ok) => {
      written = ok;
    });
    await this.flushing;
    this.flushing = undefined;
    if (!this.buffer.length || this.closed) return;
    // What came in during the write waits for its own delay (or flushAt): writing it the moment the previous write
    // ended made each batch as long as one write, ≈ 3 outcomes at 1,000 deliveries/s, each a transaction of five
    // round trips. A failed batch is tried again at once (after its backoff).
    if (!written || this.again || this.buffer.length >= this.#flushAt) void this.flush();
    else this.#schedule();
  }

  get #flushAt(): number {
    return this.o.flushAt ?? 200;
  }

  #schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.o.flushDelayMs);
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

  /** Whether the batch was written; a failed one is back at the front of the buffer. */
  private async write(batch: AttemptResult[]): Promise<boolean> {
    try {
      const changes = await this.o.write(batch);
      this.backoffMs = 0;
      this.o.written(changes);
      return true;
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
      return false;
    }
  }
}
