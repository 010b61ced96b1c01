/**
 * summary.json: the run's inputs and the formulas of its statistics, then per symbol and in total
 * per quote currency the PnL, fees, position, counts, volumes and performance figures. Keys are
 * written in a fixed order; money is exact decimal strings.
 */
import { formatScenarioTime } from '../../flow/scenario-time.js';
import { fromUnits } from '../../units/units.js';
import type { BacktestEngine } from './backtest-engine.js';
import { latencySummary } from './latency/latency-options.js';
import { PERFORMANCE_FORMULAS, performanceFigures } from './performance.js';
import type { RoundTrips } from './round-trips.js';
import type { SymbolLedger } from './symbol-ledger.js';

export interface RunInputs {
  readonly strategy: string;
  readonly data: string;
  /** An L2 flow's queue model (docs/l2.md); absent for a scenario flow. */
  readonly queueModel?: string;
}

export type Figures = Record<string, string | number | null>;

export interface Summary {
  readonly header: Record<string, unknown>;
  readonly symbols: readonly Figures[];
  readonly totals: readonly Figures[];
}

export function summarize(engine: BacktestEngine, inputs: RunInputs, trips: RoundTrips): Summary {
  const { config, sampler } = engine;
  const time = (ms: number | null) => (ms === null ? null : formatScenarioTime(ms));
  const header = {
    strategy: inputs.strategy,
    data: inputs.data,
    ...(inputs.queueModel === undefined ? {} : { queue_model: inputs.queueModel }),
    account: config.account,
    params: sortedRecord(Object.entries(config.params.values)),
    latency: latencySummary(config.latency),
    maker_fee: config.fees.maker.text,
    taker_fee: config.fees.taker.text,
    timer_interval_ms: config.intervalMs,
    start: time(engine.startTime),
    end: time(engine.endTime),
    flow_rows: engine.flow.rowCount,
    refused_flow_rows: sortedRecord([...engine.flowRefusals]),
    refused_actions: sortedRecord([...engine.actionRefusals]),
    unsent_actions: engine.unsentActions,
    sampling: {
      interval_ms: config.sampleMs,
      samples: sampler.times.length,
      times: 'from the first event every interval_ms, and at the last event',
      equity: 'net PnL: realized + unrealized (marked to the last trade) - fees',
    },
    statistics: PERFORMANCE_FORMULAS,
  };
  const span = { times: sampler.times, start: engine.startTime!, end: engine.endTime! };
  const scopes = new Map(sampler.scopes.map((scope) => [scope.name, scope]));
  const symbols = engine.ledgers.map((ledger) => ({
    symbol: ledger.instrument.symbol,
    quote: ledger.quote,
    position: ledger.size(ledger.position),
    average_entry: ledger.averageEntry(),
    mark_price: ledger.mark,
    ...moneyFigures([ledger], ledger.instrument.priceDecimals),
    traded_size: ledger.size(ledger.tradedSize),
    ...performanceFigures(
      scopes.get(ledger.instrument.symbol)!,
      span,
      trips,
      trips.exposure(ledger),
      ledger.instrument.priceDecimals,
    ),
  }));
  const totals = sampler.totals().map((scope) => {
    const decimals = Math.max(...scope.ledgers.map((ledger) => ledger.instrument.priceDecimals));
    return {
      quote: scope.quote,
      ...moneyFigures(scope.ledgers, decimals),
      ...performanceFigures(scope, span, trips, trips.quoteExposure(scope.quote), decimals),
    };
  });
  return { header, symbols, totals };
}

export function summaryJson(summary: Summary): string {
  return (
    JSON.stringify(
      { ...summary.header, symbols: summary.symbols, totals: summary.totals },
      null,
      2,
    ) + '\n'
  );
}

function moneyFigures(ledgers: readonly SymbolLedger[], decimals: number): Figures {
  const sum = (figure: (ledger: SymbolLedger) => bigint) =>
    ledgers.reduce((total, ledger) => total + figure(ledger), 0n);
  const scale = ledgers[0]!.moneyScale;
  const money = (value: bigint) => fromUnits(value, scale, decimals);
  const count = (figure: (ledger: SymbolLedger) => number) =>
    ledgers.reduce((total, ledger) => total + figure(ledger), 0);
  const makerVolume = sum((ledger) => ledger.makerVolume);
  const takerVolume = sum((ledger) => ledger.takerVolume);
  return {
    realized_pnl: money(sum((ledger) => ledger.realized)),
    unrealized_pnl: money(sum((ledger) => ledger.unrealized())),
    fees: money(sum((ledger) => ledger.fees)),
    net_pnl: money(sum((ledger) => ledger.net())),
    orders: count((ledger) => ledger.orders),
    fills: count((ledger) => ledger.fills),
    maker_fills: count((ledger) => ledger.makerFills),
    taker_fills: count((ledger) => ledger.takerFills),
    maker_volume: money(makerVolume),
    taker_volume: money(takerVolume),
    traded_volume: money(makerVolume + takerVolume),
  };
}

function sortedRecord<T>(entries: [string, T][]): Record<string, T> {
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
