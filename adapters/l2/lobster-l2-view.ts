/**
 * The L2 view of a LOBSTER day (docs/l2.md): what an L2 recorder would have seen of it. The book
 * after the first message is a snapshot; after each later message come its visible execution as a
 * trade row (type 4; the aggressor is on the other side of the resting order), then one update
 * for every level of the orderbook file that changed, a level leaving the file's depth set to 0.
 * Hidden executions (type 5) are left out: they traded with liquidity no level shows, and as trade
 * rows they would take the queue of a displayed level. Times are the message's, whole ms, on both
 * clocks (LOBSTER has one).
 */
import type { LobsterMessage, OrderbookRow, UnitLevel } from '../lobster/index.js';
import { formatPrice, LobsterInputError } from '../lobster/index.js';
import { nanosToMs } from '../lobster/lobster-values.js';
import type { L2Row, L2Side } from './l2-row.js';

export interface LobsterL2Message {
  /** The message's line, which is also its orderbook row. */
  readonly line: number;
  readonly rows: readonly L2Row[];
}

const VISIBLE_EXECUTION = 4;

export interface LobsterL2Options {
  readonly symbol: string;
  /** Midnight UTC of the trading day, epoch milliseconds. */
  readonly dayMs: number;
  /** Names the orderbook file in errors. */
  readonly orderbookFile: string;
}

export async function* lobsterL2View(
  messages: AsyncIterable<LobsterMessage>,
  orderbook: AsyncIterable<OrderbookRow>,
  { symbol, dayMs, orderbookFile }: LobsterL2Options,
): AsyncGenerator<LobsterL2Message> {
  const books = orderbook[Symbol.asyncIterator]();
  let before: OrderbookRow | null = null;
  for await (const message of messages) {
    const next = await books.next();
    if (next.done === true)
      throw new LobsterInputError(
        orderbookFile,
        message.line,
        1,
        'the orderbook file has fewer rows than the message file has messages',
      );
    const after = next.value;
    const ts = dayMs + nanosToMs(message.timeNs);
    const rows: L2Row[] = [];
    const level = (kind: L2Row['kind'], side: L2Side, price: number, size: number) =>
      rows.push({
        exchangeTs: ts,
        localTs: ts,
        symbol,
        kind,
        side,
        price: formatPrice(price),
        size: String(size),
      });
    if (before === null) {
      for (const { price, size } of after.bids) level('snapshot', 'buy', price, size);
      for (const { price, size } of after.asks) level('snapshot', 'sell', price, size);
    } else {
      if (message.type === VISIBLE_EXECUTION)
        level('trade', message.direction === 1 ? 'sell' : 'buy', message.price, message.size);
      changes(before.bids, after.bids, (price, size) => level('update', 'buy', price, size));
      changes(before.asks, after.asks, (price, size) => level('update', 'sell', price, size));
    }
    before = after;
    yield { line: message.line, rows };
  }
}

/** Each level whose size differs between two rows of one side (0: it left), in price order. */
function changes(
  old: readonly UnitLevel[],
  now: readonly UnitLevel[],
  change: (price: number, size: number) => void,
): void {
  const sizes = new Map<number, number>();
  for (const { price, size } of now) sizes.set(price, size);
  for (const { price } of old) if (!sizes.has(price)) change(price, 0);
  const was = new Map<number, number>();
  for (const { price, size } of old) was.set(price, size);
  for (const { price, size } of now) if (was.get(price) !== size) change(price, size);
}
