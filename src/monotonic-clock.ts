/** The venue's time: the injected clock's readings, made non-decreasing. */
export class MonotonicClock {
  /** The latest reading (-Infinity before the first). */
  last = -Infinity;

  constructor(private readonly clock: () => number) {}

  /** The clock's reading, never earlier than a previous one. */
  read(): number {
    const reading = this.clock();
    if (reading > this.last) this.last = reading;
    return this.last;
  }
}
