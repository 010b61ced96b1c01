/**
 * The report's chart data: per quote currency equity, drawdown and round-trip PnL; per traded
 * symbol the last trade price with the strategy's buys and sells. Values are floats for drawing
 * only (money figures stay exact in the tables); times are seconds, as the chart library wants.
 */
import type { EquitySampler } from './equity-sampler.js';
import { drawdowns } from './metrics.js';
import type { RoundTrip } from './round-trips.js';
import type { StrategyFill } from './strategy.js';

export interface ChartSeries {
  readonly name: string;
  readonly color: string;
  readonly values: readonly (number | null)[];
  /** Draw points as ▲ (buy, win) or ▼ (sell, loss) and no line. */
  readonly marker?: 'up' | 'down';
  readonly fill?: string;
}

export interface Chart {
  readonly id: string;
  readonly title: string;
  readonly caption: string;
  /** Decimals of the values shown on hover. */
  readonly decimals: number;
  /** The y range always includes 0, drawn as a line. */
  readonly zero: boolean;
  readonly x: readonly number[];
  readonly series: readonly ChartSeries[];
}

/** Fills marked per symbol; beyond it every other one is dropped, and the stride doubles. */
export const MAX_MARKERS = 20_000;

/** The fills to mark on the price charts, thinned evenly to at most MAX_MARKERS. */
export class FillMarkers {
  readonly #bySymbol = new Map<string, { fills: StrategyFill[]; stride: number; seen: number }>();

  add(fill: StrategyFill): void {
    let entry = this.#bySymbol.get(fill.symbol);
    if (entry === undefined)
      this.#bySymbol.set(fill.symbol, (entry = { fills: [], stride: 1, seen: 0 }));
    if (entry.seen++ % entry.stride !== 0) return;
    entry.fills.push(fill);
    if (entry.fills.length > MAX_MARKERS) {
      entry.fills = entry.fills.filter((_, index) => index % 2 === 0);
      entry.stride *= 2;
    }
  }

  of(symbol: string): { fills: readonly StrategyFill[]; stride: number; seen: number } {
    return this.#bySymbol.get(symbol) ?? { fills: [], stride: 1, seen: 0 };
  }
}

const COLORS = ['#0969da', '#8250df', '#bf8700', '#1a7f37', '#cf222e', '#57606a'];
const [GREEN, RED, GREY] = ['#1a7f37', '#cf222e', '#57606a'];
const markerNote = (things: string) =>
  `zoom in to see single ${things}: a marker stands for those within 8 pixels`;

export function reportCharts(
  sampler: EquitySampler,
  markers: FillMarkers,
  trips: readonly RoundTrip[],
): Chart[] {
  const seconds = sampler.times.map((ms) => ms / 1000);
  const charts: Chart[] = [];
  sampler.totals().forEach((total, index) => {
    const { moneyScale } = total.ledgers[0]!;
    const decimals = Math.max(...total.ledgers.map((ledger) => ledger.instrument.priceDecimals));
    const float = (values: readonly bigint[]) => values.map((v) => Number(v) / 10 ** moneyScale);
    const traded = sampler.scopes.filter(
      (scope) =>
        scope !== total && total.ledgers.includes(scope.ledgers[0]!) && scope.ledgers[0]!.fills > 0,
    );
    const parts = traded.length > 1 ? traded : [];
    const id = `q${index}`;
    charts.push({
      id: `${id}-equity`,
      title: `Equity: net PnL in ${total.quote}`,
      caption: 'realized + unrealized (marked to the last trade) − fees, at every sample',
      decimals,
      zero: true,
      x: seconds,
      series: [...parts, total].map((scope, i) => ({
        name: scope.name,
        color: COLORS[i % COLORS.length]!,
        values: float(scope.equity),
      })),
    });
    charts.push({
      id: `${id}-drawdown`,
      title: `Drawdown in ${total.quote}`,
      caption: 'fall of the total equity below its running peak (the peak starts at 0)',
      decimals,
      zero: true,
      x: seconds,
      series: [
        {
          name: `drawdown ${total.quote}`,
          color: RED,
          fill: 'rgba(207,34,46,0.15)',
          values: float(drawdowns(total.equity).map((value) => -value)),
        },
      ],
    });
    const closed = trips.filter((trip) => total.ledgers.includes(trip.ledger));
    const pnl = (keep: (value: bigint) => boolean) =>
      closed.map((trip) => (keep(trip.pnl) ? Number(trip.pnl) / 10 ** moneyScale : null));
    charts.push({
      id: `${id}-trips`,
      title: `Round trips: PnL in ${total.quote} at exit`,
      caption: `${closed.length} closed round trips, net of fees; ${markerNote('round trips')}`,
      decimals,
      zero: true,
      x: closed.map((trip) => trip.exitTime / 1000),
      series: [
        { name: 'win', color: GREEN, marker: 'up', values: pnl((value) => value > 0n) },
        { name: 'loss or even', color: RED, marker: 'down', values: pnl((value) => value <= 0n) },
      ],
    });
  });
  sampler.ledgers.forEach((ledger, index) => {
    const { symbol, priceDecimals } = ledger.instrument;
    const { fills, stride, seen } = markers.of(symbol);
    if (seen === 0) return;
    const marks = sampler.marks[index]!;
    const rows = [
      ...sampler.times.map((time, i) => ({ time, mark: marks[i] ?? null, fill: null })),
      ...fills.map((fill) => ({ time: fill.timestamp, mark: null, fill })),
    ].sort((a, b) => a.time - b.time);
    const side = (wanted: 'buy' | 'sell') =>
      rows.map(({ fill }) => (fill?.side === wanted ? Number(fill.price) : null));
    const thinned = stride > 1 ? `1 in every ${stride} of ${seen} fills marked` : `${seen} fills`;
    charts.push({
      id: `s${index}-price`,
      title: `${symbol}: last trade price, the strategy's buys ▲ and sells ▼`,
      caption: `the last trade price at every sample and at each marked fill; ${thinned}; ${markerNote('fills')}`,
      decimals: priceDecimals,
      zero: false,
      x: rows.map((row) => row.time / 1000),
      series: [
        {
          name: `${symbol} last trade`,
          color: GREY,
          // A fill is a trade: the last trade price at its time is its price.
          values: rows.map(({ mark, fill }) => {
            const price = fill?.price ?? mark;
            return price === null ? null : Number(price);
          }),
        },
        { name: 'buy', color: GREEN, marker: 'up', values: side('buy') },
        { name: 'sell', color: RED, marker: 'down', values: side('sell') },
      ],
    });
  });
  return charts;
}
