/**
 * What a backtest engine is given: its settings and the handlers it reports to; and the errors for
 * a flow that trades under the strategy's account and for an L2 row the venue cannot take.
 */
import type { LatencySettings } from './latency/latency-spec.js';
import type { StrategyParams } from './strategy.js';
import type { FeeSchedule } from './symbol-ledger.js';
import type { FillHandler } from './strategy-event-router.js';

export interface BacktestConfig {
  readonly account: string;
  readonly latency: LatencySettings;
  /** Null: no onTimer ticks. */
  readonly intervalMs: number | null;
  readonly sampleMs: number;
  readonly fees: FeeSchedule;
  readonly params: StrategyParams;
  /**
   * On a scenario flow: `full` (absent), the strategy's fills take liquidity the flow then lacks;
   * `none`, a flow taker that traded with the strategy also takes that size from the flow's own
   * orders (flow-displacement.ts). An L2 flow is always `none` (docs/l2.md).
   */
  readonly marketImpact?: MarketImpact;
}

export type MarketImpact = 'full' | 'none';

export interface BacktestHandlers {
  readonly onFill?: FillHandler;
  /** Called every PROGRESS_EVERY rows. */
  readonly onProgress?: () => void;
}

/** An L2 flow's row (n from 1) that the venue cannot take. */
export class L2FlowError extends Error {
  constructor(
    readonly row: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** A flow row that uses the strategy's own account. */
export class AccountClashError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}
