/** The time the tests' venues start at. */
export const START_MS = Date.parse('2026-01-05T09:30:00.000Z');

/** A clock the test moves by hand. */
export class ManualClock {
  constructor(public now: number = START_MS) {}
  readonly read = (): number => this.now;
}
