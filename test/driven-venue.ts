/** A venue on a ScenarioClock with its ScenarioDriver, as the replay builds them. */
import {
  FINAL_ORDER_RETENTION,
  ScenarioDriver,
  type DriverObserver,
} from '../adapters/flow/driver/index.js';
import { ScenarioClock } from '../adapters/flow/index.js';
import { DEFAULT_INSTRUMENTS, Venue } from '../src/index.js';

export function drivenVenue(observer: DriverObserver = {}, instruments = DEFAULT_INSTRUMENTS) {
  const clock = new ScenarioClock();
  const created = Venue.create({
    clock: clock.read,
    orderRetention: FINAL_ORDER_RETENTION,
    instruments,
  });
  if (!created.ok) throw new Error(created.error.message);
  const venue = created.value;
  return { venue, core: venue.core, clock, driver: new ScenarioDriver(venue, clock, observer) };
}
