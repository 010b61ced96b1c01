/** `simex/backtest`: the types a strategy module is written against. */
export type {
  ActionRefusal,
  BookLevelChange,
  BookSnapshot,
  Instrument,
  OrderRecord,
  Position,
  Side,
  Strategy,
  StrategyClass,
  StrategyContext,
  StrategyFill,
  StrategyOrder,
  StrategyParams,
  Ticker,
  TimeInForce,
  TradeRecord,
} from './strategy.js';
