/** Reading the scenario CSV format (docs/scenarios.md) into the flow's rows. */
export { openScenario, openScenarioFile, PARALLEL_MIN_BYTES } from './scenario-reader.js';
export type { Scenario } from './scenario-reader.js';
