/**
 * When the market acts: a clock and a way to wait for a time on it. The server uses the wall clock
 * and timers (`wallClockScheduler`); tests use a scheduler whose time they move by hand.
 */
export interface Scheduler {
  /** Milliseconds since the epoch; the venue's clock must read the same. */
  now(): number;
  /** Resolves once `now()` has reached `until`, or at once when `signal` is aborted. */
  wait(until: number, signal: AbortSignal): Promise<void>;
}

/** The longest a Node timer can wait. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const wallClockScheduler: Scheduler = {
  now: Date.now,
  wait(until, signal) {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const finish = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', finish);
        resolve();
      };
      // A timer may fire a little early, or be capped: wait again until the time is reached.
      const arm = () => {
        const left = until - Date.now();
        if (left <= 0 || signal.aborted) finish();
        else timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
      };
      signal.addEventListener('abort', finish, { once: true });
      arm();
    });
  },
};
