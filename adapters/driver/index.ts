/** The scenario driver: scenario rows onto a Venue, under the scenario's own order ids. */
export { FINAL_ORDER_RETENTION, isLive, isResting, ScenarioDriver } from './scenario-driver.js';
export type { DriverObserver, DriverOptions, Refusal, RefusalCode } from './scenario-driver.js';
export { decimalUnits } from './plain-row.js';
