/** `simex/backtest`: the types a strategy module is written against, and backtests from code. */
export type {
  ActionRefusal,
  BookLevelChange,
  BookSnapshot,
  Instrument,
  OrderRecord,
  OrderStatus,
  Position,
  Side,
  Strategy,
  StrategyClass,
  StrategyContext,
  StrategyFill,
  StrategyOrder,
  StrategyParams,
  StrategyTickOrder,
  Ticker,
  TickBook,
  TickLevel,
  TickOrder,
  TimeInForce,
  TradeRecord,
} from './strategy.js';
export {
  runBacktest,
  type BacktestFill,
  type BacktestResult,
  type EquitySample,
  type RunBacktestOptions,
} from './backtest-api.js';
export { sweep, type SweepOptions } from './backtest-sweep.js';
export type { BacktestFailure, Outcome } from './in-process.js';
export type { Figures, Summary } from './summary.js';
export type { CombinationResult, RankedResult, SweepHeader, SweepOutcome } from './sweep/index.js';
