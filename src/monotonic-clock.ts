/** Where the latest reading and the command's time are kept. */
const LAST = 0;
const COMMAND = 1;

/**
 * The venue's time: the injected clock's readings, made non-decreasing, and the time of the
 * command running (invariant 13): one reading, taken when the command first needs it. Both times
 * live in a Float64Array: a time beyond 2^31 stored in a field or handed back by a call that is not
 * inlined is a new heap number (two per command in a replay, its young generation's main garbage).
 */
export class MonotonicClock {
  /** The latest reading and the command's time (-Infinity before the first). */
  readonly #times = new Float64Array([-Infinity, -Infinity]);
  #commandUnread = false;

  constructor(private readonly clock: () => number) {}

  /** The clock's reading, never earlier than a previous one; a command not yet timed takes it. */
  read(): number {
    this.#take();
    return this.#times[LAST]!;
  }

  /** Reads the clock as `read` does, for a caller that wants no time back. */
  tick(): void {
    this.#take();
  }

  /** A command starts: its time is the next reading (`commandTime` takes it when asked first). */
  startCommand(): void {
    this.#commandUnread = true;
  }

  /** The time of the command running, or of the last one (-Infinity before the first). */
  get commandTime(): number {
    if (this.#commandUnread) this.#take();
    return this.#times[COMMAND]!;
  }

  /**
   * Writes `commandTime` to `target[index]`: a caller storing the time gets no heap number back
   * (a call that is not inlined returns a time beyond 2^31 as one).
   */
  writeCommandTime(target: Float64Array, index: number): void {
    if (this.#commandUnread) this.#take();
    target[index] = this.#times[COMMAND]!;
  }

  #take(): void {
    const times = this.#times;
    const reading = this.clock();
    if (reading > times[LAST]!) times[LAST] = reading;
    if (this.#commandUnread) {
      this.#commandUnread = false;
      times[COMMAND] = times[LAST]!;
    }
  }
}
