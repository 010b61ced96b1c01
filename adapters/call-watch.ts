/**
 * A time limit on calls into code simex does not control (a strategy's hooks), kept from another
 * thread: the thread that makes the calls marks each one in shared memory as it enters and leaves
 * (two atomic stores: the fast path stays fast), and a watchdog on the other thread reads the marks
 * four times per limit and reports a call still running after the limit, so that its thread can
 * be terminated. A call is reported only once it has run at least the limit, and by about one and
 * a half limits (plus a timer's lateness).
 */

/** Int32 slots: the calls entered so far, and the running call's kind + 1 (0: none). */
const CALLS = 0;
const KIND = 1;
/** Bytes: the two Int32 slots, then the running call's time (a Float64, 8-aligned). */
const TIME_AT = 8;
const BYTES = 16;

export interface RunningCall {
  /** What the caller marked it with: an index into its own list of names. */
  readonly kind: number;
  /** The time the caller marked it with (a backtest's scenario time). */
  readonly time: number;
}

export class CallWatch {
  readonly #slots: Int32Array;
  readonly #time: Float64Array;

  /** A watch on `buffer` (CallWatch.create's, shared with the other thread). */
  constructor(readonly buffer: SharedArrayBuffer) {
    this.#slots = new Int32Array(buffer, 0, 2);
    this.#time = new Float64Array(buffer, TIME_AT, 1);
  }

  static create(): CallWatch {
    return new CallWatch(new SharedArrayBuffer(BYTES));
  }

  enter(kind: number, time: number): void {
    this.#time[0] = time;
    Atomics.add(this.#slots, CALLS, 1);
    Atomics.store(this.#slots, KIND, kind + 1);
  }

  leave(): void {
    Atomics.store(this.#slots, KIND, 0);
  }

  /** The call running now, or null. */
  running(): RunningCall | null {
    const kind = Atomics.load(this.#slots, KIND);
    return kind === 0 ? null : { kind: kind - 1, time: this.#time[0]! };
  }

  /** Calls entered so far: tells one long call from many short ones. */
  calls(): number {
    return Atomics.load(this.#slots, CALLS);
  }
}

/**
 * Watches calls on `watch` from this thread: `overrun` is called once with a call that has been
 * running for `limitMs`; then the watchdog stops. `stop()` ends it (the run ended).
 */
export function watchCalls(
  watch: CallWatch,
  limitMs: number,
  overrun: (call: RunningCall) => void,
): { stop(): void } {
  let seen: { readonly calls: number; readonly since: number } | null = null;
  const timer = setInterval(
    () => {
      const call = watch.running();
      const calls = watch.calls();
      if (call === null) seen = null;
      else if (seen === null || seen.calls !== calls) seen = { calls, since: performance.now() };
      else if (performance.now() - seen.since >= limitMs) {
        clearInterval(timer);
        overrun(call);
      }
    },
    Math.max(1, Math.floor(limitMs / 4)),
  );
  return { stop: () => clearInterval(timer) };
}
