// A doorbell lets a stage react to one built after it: the earlier stage rings, the later one answers once it exists.
// So a pipeline is constructed top to bottom, each stage after what it calls, although the outcome buffer tells the
// scheduler and the work loop (built after it) what a write changed. A ring while nobody answers is dropped: nothing
// rings before its answerer is built, and a stopped loop would ignore a wake-up anyway.
export class Doorbell<T = void> {
  private answerer: ((message: T) => void) | undefined;

  ring(message: T): void {
    this.answerer?.(message);
  }

  /** `answerer` takes every ring from now on, until hangUp(); a doorbell has one answerer at a time. */
  answer(answerer: (message: T) => void): void {
    if (this.answerer) throw new Error("this doorbell is answered already");
    this.answerer = answerer;
  }

  hangUp(): void {
    this.answerer = undefined;
  }
}
