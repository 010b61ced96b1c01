/**
 * What a backtest engine is given: its settings and the handlers it reports to; and the error for
 * a flow that trades under the strategy's account.
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
}

export interface BacktestHandlers {
  readonly onFill?: FillHandler;
  /** Called every PROGRESS_EVERY rows. */
  readonly onProgress?: () => void;
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
