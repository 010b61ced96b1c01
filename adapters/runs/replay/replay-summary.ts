/** The stdout summary of a replay without `--out`. */
import { ORDER_STATUSES, type Venue } from '../../../src/index.js';
import { isLive } from '../../flow/driver/index.js';

/** What a replay counted. */
export interface ReplayTotals {
  readonly venue: Venue;
  readonly rowCount: number;
  readonly restingCount: number;
  readonly tradeCount: number;
  /** Final orders by status code. */
  readonly statusCounts: ArrayLike<number>;
}

export function replaySummary(file: string, replayer: ReplayTotals, refusals: number): string {
  const { venue } = replayer;
  const counts = ORDER_STATUSES.flatMap((status, code) =>
    isLive(status) ? [] : [`${status} ${replayer.statusCounts[code]}`],
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
