import type { Scheduler } from '../../adapters/server/market/index.js';

export const START = Date.parse('2026-01-05T09:30:00.000Z');

/**
 * A scheduler whose time the test moves: `advanceTo(t)` lets the market run every wait up to `t`
 * at once (the time jumps to each wait's end) and resolves when the market waits for a later time.
 * Give `now` to the venue as its clock.
 */
export class ManualScheduler implements Scheduler {
  #now: number;
  #limit: number;
  #waiter: { readonly until: number; readonly release: () => void } | undefined;
  #idle: (() => void) | undefined;

  constructor(start = START) {
    this.#now = start;
    this.#limit = start;
  }

  readonly now = (): number => this.#now;

  wait(until: number, signal: AbortSignal): Promise<void> {
    if (until <= this.#limit) {
      this.#now = Math.max(this.#now, until);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const release = () => {
        this.#waiter = undefined;
        resolve();
      };
      this.#waiter = { until, release };
      signal.addEventListener('abort', release, { once: true });
      this.#settle();
    });
  }

  /** Runs the market to `time`; the clock then reads `time`. */
  advanceTo(time: number): Promise<void> {
    this.#limit = time;
    return new Promise((resolve) => {
      this.#idle = resolve;
      const waiter = this.#waiter;
      if (waiter !== undefined && waiter.until <= time) {
        this.#now = Math.max(this.#now, waiter.until);
        waiter.release();
      } else this.#settle();
    });
  }

  #settle(): void {
    if (this.#idle === undefined || this.#waiter === undefined) return;
    this.#now = Math.max(this.#now, this.#limit);
    this.#idle();
    this.#idle = undefined;
  }
}
