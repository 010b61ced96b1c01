/** The scenario driver: scenario rows onto a Venue, under the scenario's own order ids. */
export { FINAL_ORDER_RETENTION, ScenarioDriver } from './scenario-driver.js';
export type { DriverObserver, DriverOptions, Refusal, RefusalCode } from './driver-reports.js';
export { isLive, isResting } from './order-liveness.js';
export { decimalUnits } from './plain-row.js';
export type { ScenarioIdView } from './scenario-id-view.js';
export type { ScenarioOrder, ScenarioTrade } from './scenario-events.js';
