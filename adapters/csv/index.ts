/** The scenario CSV format (docs/scenarios.md): read and write; adapters/driver applies rows. */
export { l2FlowHint, ScenarioSyntaxError } from './scenario-error.js';
export { ENUM_MESSAGES } from './enum-messages.js';
export { newOrderRow, type Parsed } from './new-order-row.js';
export { parseScenarioTime, formatScenarioTime } from './scenario-time.js';
export {
  SCENARIO_COLUMNS,
  CLIENT_ORDER_ID_COLUMN,
  ORDER_FEATURE_COLUMNS,
  formatScenarioHeader,
  formatScenarioRow,
  formatInstrumentDirective,
  cellNeedsQuotes,
  csvCell,
} from './scenario-row.js';
export type {
  ScenarioAction,
  ScenarioRow,
  NewOrderRow,
  CancelRow,
  ReduceRow,
  AmendRow,
  ParsedScenarioRow,
  PlainRowTarget,
  ScenarioLayout,
} from './scenario-row.js';
export { BAD, decodePlainCommand, EMPTY, type CommandFields } from './command-fields.js';
export { openScenario, openScenarioFile, PARALLEL_MIN_BYTES } from './scenario-reader.js';
export type { Scenario } from './scenario-reader.js';
export { ScenarioClock } from './scenario-clock.js';
