/**
 * The venue's time: the injected clock's readings, made non-decreasing, and the time of the
 * command running (invariant 13): one reading, taken when the command first needs it.
 */
export class MonotonicClock {
  /** The latest reading (-Infinity before the first). */
  last = -Infinity;
  #commandTime = -Infinity;
  #commandUnread = false;

  constructor(private readonly clock: () => number) {}

  /** The clock's reading, never earlier than a previous one; a command not yet timed takes it. */
  read(): number {
    const reading = this.clock();
    if (reading > this.last) this.last = reading;
    if (this.#commandUnread) {
      this.#commandUnread = false;
      this.#commandTime = this.last;
    }
    return this.last;
  }

  /** A command starts: its time is the next reading (`commandTime` takes it when asked first). */
  startCommand(): void {
    this.#commandUnread = true;
  }

  /** The time of the command running, or of the last one (-Infinity before the first). */
  get commandTime(): number {
    if (this.#commandUnread) this.read();
    return this.#commandTime;
  }
}
