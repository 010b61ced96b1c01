/** The stdout summary of a replay without `--out`. */
import { ORDER_STATUSES, type OrderStatus, type Venue } from '../../src/index.js';
import { isLive } from '../driver/index.js';

/** What a replay counted (the Replayer, or the numeric replay of an Arrow flow). */
export interface ReplayTotals {
  readonly venue: Venue;
  readonly rowCount: number;
  readonly restingCount: number;
  readonly tradeCount: number;
  readonly statusCounts: ReadonlyMap<OrderStatus, number>;
}

export function replaySummary(file: string, replayer: ReplayTotals, refusals: number): string {
  const { venue } = replayer;
  const counts = ORDER_STATUSES.filter((status) => !isLive(status)).map(
    (status) => `${status} ${replayer.statusCounts.get(status) ?? 0}`,
  );
  const lines = [
    `${file}: ${replayer.rowCount} rows, ${refusals} refused`,
    `orders: resting ${replayer.restingCount}, ${counts.join(', ')}`,
    `trades: ${replayer.tradeCount}`,
  ];
  for (const instrument of venue.instruments()) {
    const ticker = venue.ticker(instrument.symbol);
    const book = venue.orderBook(instrument.symbol, 1);
    if (!ticker.ok || !book.ok) continue;
    const best = (levels: readonly (readonly [string, string])[]) => levels[0]?.join(' x ') ?? '-';
    lines.push(
      `${instrument.symbol}: last ${ticker.value.price ?? '-'}, 24h volume ${ticker.value.volume24h}, ` +
        `bid ${best(book.value.bids)}, ask ${best(book.value.asks)}`,
    );
  }
  return lines.join('\n') + '\n';
}
