/** A clock the scenario sets (to each row's time); give `clock.read` to `Venue.create({ clock })`. */
export class ScenarioClock {
  constructor(public now = 0) {}

  readonly read = (): number => this.now;
}
