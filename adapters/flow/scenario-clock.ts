/** A clock the scenario sets (to each row's time); give `clock.read` to `Venue.create({ clock })`. */
export class ScenarioClock {
  /**
   * The time, in a Float64Array: a time beyond 2^31 stored in a field is a new heap number at each
   * store (one a row in a replay).
   */
  readonly #time = new Float64Array(1);

  constructor(now = 0) {
    this.#time[0] = now;
  }

  get now(): number {
    return this.#time[0]!;
  }

  set now(time: number) {
    this.#time[0] = time;
  }

  /** Sets the time to `times[at]` (a time read from an array is not boxed). */
  setFrom(times: Float64Array, at: number): void {
    this.#time[0] = times[at]!;
  }

  readonly read = (): number => this.#time[0]!;
}
