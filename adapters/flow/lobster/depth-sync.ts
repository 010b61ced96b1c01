/**
 * Keeps the book in step with LOBSTER's orderbook file. A level-N message file holds only the
 * messages that touch the top N levels, so liquidity placed before the file starts, or deeper
 * than N and then moving into view, has no message: it is written as synthetic orders, and
 * liquidity that left unseen (cancelled while deeper than N) as reductions.
 */
import type { Side } from '../../../src/index.js';
import { DEPTH_ACCOUNT, type BookRows } from './book-rows.js';
import type { ImportCounts } from './message-converter.js';
import { sideOf } from './message-converter.js';
import type { LobsterMessage } from './message-reader.js';
import type { OrderbookRow, UnitLevel } from './orderbook-reader.js';

interface LevelChange {
  readonly side: Side;
  readonly price: number;
  /** Positive: add this much; negative: take it off. */
  readonly delta: number;
}

/**
 * Seeds the book before the first message so that, after it, the book equals the first orderbook
 * row: that row with the first message undone, one synthetic order per level.
 */
export function seedBook(
  rows: BookRows,
  first: LobsterMessage,
  book: OrderbookRow,
  counts: ImportCounts,
): void {
  const levels = new Map<string, LevelChange>();
  const add = (side: Side, price: number, delta: number) => {
    const key = `${side}${price}`;
    levels.set(key, { side, price, delta: (levels.get(key)?.delta ?? 0) + delta });
  };
  for (const level of book.asks) add('sell', level.price, level.size);
  for (const level of book.bids) add('buy', level.price, level.size);
  if (first.type >= 1 && first.type <= 4) {
    add(sideOf(first.direction), first.price, first.type === 1 ? -first.size : first.size);
  }
  const seeds = [...levels.values()].filter((level) => level.delta > 0);
  counts.seedOrders += placeAll(rows, seeds, (k) => `seed-${k}`);
}

/** After a message: rows that make the book's levels in the orderbook row's range equal to it. */
export function syncDepth(
  rows: BookRows,
  line: number,
  book: OrderbookRow,
  counts: ImportCounts,
): void {
  const changes = [
    ...sideChanges(rows, 'sell', book.asks, book.depth),
    ...sideChanges(rows, 'buy', book.bids, book.depth),
  ];
  for (const change of changes) {
    if (change.delta < 0) rows.takeFromLevel(change.side, change.price, -change.delta);
  }
  counts.depthReductions += changes.filter((change) => change.delta < 0).length;
  counts.depthOrders += placeAll(
    rows,
    changes.filter((change) => change.delta > 0),
    (k) => `depth-${line}-${k}`,
  );
}

/**
 * The differences on one side, within the range the row covers: every price up to its last
 * level when it shows all `depth` levels, else the whole side. Reductions come first (best
 * first), then additions (in the row's order). Both lists are best first, so one walk compares them.
 */
function sideChanges(
  rows: BookRows,
  side: Side,
  target: readonly UnitLevel[],
  depth: number,
): LevelChange[] {
  const better =
    side === 'sell' ? (a: number, b: number) => a < b : (a: number, b: number) => a > b;
  const last = target.length === depth ? target[target.length - 1] : undefined;
  const reductions: LevelChange[] = [];
  const additions: LevelChange[] = [];
  const addUpTo = (level: UnitLevel, total: number) => {
    if (total < level.size) additions.push({ side, price: level.price, delta: level.size - total });
  };
  let next = 0;
  for (const level of rows.book.side(side).fromBest()) {
    if (last !== undefined && better(last.price, level.price)) break;
    while (next < target.length && better(target[next]!.price, level.price))
      addUpTo(target[next++]!, 0);
    const wanted = target[next]?.price === level.price ? target[next++]! : undefined;
    const size = wanted?.size ?? 0;
    if (level.total > size)
      reductions.push({ side, price: level.price, delta: size - level.total });
    else if (wanted !== undefined) addUpTo(wanted, level.total);
  }
  while (next < target.length) addUpTo(target[next++]!, 0);
  return [...reductions, ...additions];
}

function placeAll(
  rows: BookRows,
  levels: readonly LevelChange[],
  idOf: (k: number) => string,
): number {
  levels.forEach(({ side, price, delta }, index) =>
    rows.place(
      { id: idOf(index + 1), account: DEPTH_ACCOUNT, side, price, size: delta, lobsterSize: 0 },
      true,
    ),
  );
  return levels.length;
}
