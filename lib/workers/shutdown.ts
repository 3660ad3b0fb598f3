// A worker's shutdown, in its two phases: first it takes nothing new (`stopping`), then, once work already started
// has had its grace period, that work is cut off (`signal` aborts, and every request in flight listens to it).
import { setMaxListeners } from "node:events";

export class Shutdown {
  private readonly controller = new AbortController();
  private started = false;

  constructor() {
    // One listener per request in flight.
    setMaxListeners(0, this.controller.signal);
  }

  /** Aborts when the work still running is cut off. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** True from begin(): nothing new is taken. */
  get stopping(): boolean {
    return this.started;
  }

  begin(): void {
    this.started = true;
  }

  cutOff(reason: Error): void {
    this.controller.abort(reason);
  }
}
