/** What decides when gathered events are flushed (see StreamLimits). */
export interface FlushLimits {
  readonly flushMs: number;
  readonly flushChars: number;
}

/**
 * When the hub's gathered events are handed on. At least `flushMs` after the last flush, a
 * flush waits for a turn of the event loop that brings nothing new (the venue's commands of a
 * burst are all done), but no longer than `flushMs` after the first thing it gathered; a batch of
 * `flushChars` goes on the next turn. So a burst of commands goes out as one flush when it ends,
 * not as its first few commands now and the rest `flushMs` later.
 */
export class FlushTiming {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #check: ReturnType<typeof setImmediate> | undefined;
  #lastFlush = -Infinity;
  /** When the first thing to flush came, since the last flush. */
  #pendingSince: number | undefined;
  /** Whether something came since the last check. */
  #stirred = false;

  constructor(
    private readonly limits: FlushLimits,
    /** Characters gathered so far. */
    private readonly chars: () => number,
    private readonly flush: () => void,
  ) {}

  /** Something to flush came (an event, a new stream's opening text). */
  stir(): void {
    this.#stirred = true;
    this.#pendingSince ??= performance.now();
    if (this.#check !== undefined) return;
    const wait = this.#lastFlush + this.limits.flushMs - performance.now();
    if (wait > 0 && this.chars() < this.limits.flushChars) {
      this.#timer ??= setTimeout(this.#due, wait);
      return;
    }
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#check = setImmediate(this.#turn);
  }

  /** `flushMs` since the last flush: from now on, the first quiet turn flushes. */
  readonly #due = () => {
    this.#timer = undefined;
    this.#stirred = false;
    this.#check = setImmediate(this.#turn);
  };

  readonly #turn = () => {
    this.#check = undefined;
    const quiet = !this.#stirred;
    this.#stirred = false;
    const now = performance.now();
    const waited = now - this.#pendingSince! >= this.limits.flushMs;
    if (!quiet && !waited && this.chars() < this.limits.flushChars) {
      this.#check = setImmediate(this.#turn);
      return;
    }
    this.#lastFlush = now;
    this.#pendingSince = undefined;
    this.flush();
  };
}
