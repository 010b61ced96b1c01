/**
 * The L2 view of a LOBSTER day (docs/l2.md): what an L2 recorder would have seen of it. The book
 * after the first message is a snapshot; after each later message come its visible execution as a
 * trade row (type 4; the aggressor is on the other side of the resting order), then one update
 * for every level of the orderbook file that changed. A level that leaves the file's depth is set
 * to 0 when it is gone (a side shows fewer levels than the depth, or the level was better than the
 * side's last one shown); pushed below the depth by better levels, it keeps its last size, as a
 * full-depth recorder would still show it.
 * Hidden executions (type 5) are left out: they traded with liquidity no level shows, and as trade
 * rows they would take the queue of a displayed level. Times are the message's, whole ms, on both
 * clocks (LOBSTER has one).
 */
import type { LobsterMessage, OrderbookRow, UnitLevel } from '../lobster/index.js';
import { formatLobsterPrice, LobsterInputError } from '../lobster/index.js';
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
  let first = true;
  const held = { bids: new Map<number, number>(), asks: new Map<number, number>() };
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
        price: formatLobsterPrice(price),
        size: String(size),
      });
    if (first) {
      for (const { price, size } of after.bids) level('snapshot', 'buy', price, size);
      for (const { price, size } of after.asks) level('snapshot', 'sell', price, size);
    } else if (message.type === VISIBLE_EXECUTION)
      level('trade', message.direction === 1 ? 'sell' : 'buy', message.price, message.size);
    const depth = after.depth;
    changes(held.bids, after.bids, depth, -1, (price, size) =>
      first ? undefined : level('update', 'buy', price, size),
    );
    changes(held.asks, after.asks, depth, 1, (price, size) =>
      first ? undefined : level('update', 'sell', price, size),
    );
    first = false;
    yield { line: message.line, rows };
  }
}

/**
 * Brings one side's `held` levels (price -> size) to an orderbook row's, calling `change` for each
 * level that changed (0: it is gone); `order` 1 when worse prices are higher (asks), -1 for bids.
 */
function changes(
  held: Map<number, number>,
  shown: readonly UnitLevel[],
  depth: number,
  order: 1 | -1,
  change: (price: number, size: number) => unknown,
): void {
  const last = shown.length < depth ? null : shown[shown.length - 1]!.price;
  const inWindow = new Set<number>();
  for (const { price } of shown) inWindow.add(price);
  for (const price of held.keys())
    if (!inWindow.has(price) && (last === null || (price - last) * order < 0)) {
      held.delete(price);
      change(price, 0);
    }
  for (const { price, size } of shown)
    if (held.get(price) !== size) {
      held.set(price, size);
      change(price, size);
    }
}
