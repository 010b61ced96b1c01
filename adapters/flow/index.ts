/**
 * The scenario flow model (docs/scenarios.md): its rows and their writing, scenario time and clock.
 * adapters/flow/csv reads CSV; adapters/flow/driver applies rows to a venue.
 */
export { l2FlowHint, ScenarioSyntaxError } from './scenario-error.js';
export { ENUM_MESSAGES } from './enum-messages.js';
export {
  newOrderRow,
  setOrderOptions,
  setOrderSize,
  type Parsed,
  type ParsedNewOrder,
} from './new-order-row.js';
export { parseScenarioTime, formatScenarioTime } from './scenario-time.js';
export {
  SCENARIO_COLUMNS,
  CLIENT_ORDER_ID_COLUMN,
  ORDER_FEATURE_COLUMNS,
  QUOTE_SIZE_COLUMN,
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
  ScenarioLayout,
} from './scenario-row.js';
export {
  BAD,
  decodeRowCommand,
  EMPTY,
  ROW_DECLINED,
  ROW_TAKEN,
  RowRefusal,
  TOO_LARGE,
  TOO_PRECISE,
  type CommandFields,
} from './command-fields.js';
export { ScenarioClock } from './scenario-clock.js';
export { fresh, NO_ENTRY } from './id-entry.js';
export { tickerJson } from './ticker-json.js';
