/**
 * The venue's clock under the server: the source's readings, except while a request runs, when it
 * holds the request's first reading. So every command of one request (a cancel-all's cancels) is
 * applied at one time, and nothing a request lists can expire before the request acts on it.
 */
export class RequestClock {
  #held: number | undefined = undefined;

  constructor(private readonly source: () => number) {}

  readonly read = (): number => this.#held ?? this.source();

  /** Runs `request` with the clock held at one reading. */
  readonly hold = <T>(request: () => T): T => {
    this.#held = this.source();
    try {
      return request();
    } finally {
      this.#held = undefined;
    }
  };
}
