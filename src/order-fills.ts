import { formatPrice, formatSize, type Instrument } from './instrument.js';
import { NO_SLOT, type OrderStore } from './order-store.js';
import { invalidParameter, ok, type Result } from './result.js';
import type { TradeStore } from './trade-store.js';
import type { Fill } from './types.js';
import type { Slot, Units } from './quantities.js';

/** The most fills an order record carries (its first ones); `orderFills` pages through all. */
export const MAX_RECORD_FILLS = 100;
export const DEFAULT_FILLS_LIMIT = 100;
export const MAX_FILLS_LIMIT = 1000;

export interface FillsPage {
  /** In time order. */
  readonly fills: Fill[];
  /** Pass it back as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
}

export interface FillsQuery {
  /** Where to continue: a `nextCursor` of this order. Default: its first fill. */
  readonly cursor?: string;
  /** 1 to MAX_FILLS_LIMIT; default DEFAULT_FILLS_LIMIT. */
  readonly limit?: number;
}

/** A fill as the store holds it, copied (trade slots are reused once the order is forgotten). */
export interface FillData {
  readonly tradeSequence: number;
  readonly priceUnits: Units;
  readonly sizeUnits: Units;
}

/** Up to `limit` of the order's fills from trade slot `from`, in time order, and the slot after them. */
export function fillsFrom(
  store: OrderStore,
  trades: TradeStore,
  slot: Slot,
  from: number,
  limit: number,
): { fills: FillData[]; next: number } {
  const sequence = store.sequenceColumn[slot]!;
  const fills: FillData[] = [];
  let fill = from;
  for (; fill !== NO_SLOT && fills.length < limit; fill = trades.nextFill(fill, sequence)) {
    fills.push({
      tradeSequence: trades.sequence(fill),
      priceUnits: trades.price(fill),
      sizeUnits: trades.size(fill),
    });
  }
  return { fills, next: fill };
}

export function fillOf(instrument: Instrument, fill: FillData): Fill {
  return {
    tradeId: 't_' + fill.tradeSequence,
    price: formatPrice(instrument, fill.priceUnits),
    size: formatSize(instrument, fill.sizeUnits),
  };
}

/**
 * One page of the order's fills. The cursor names the next fill by its trade slot and trade
 * number, and the order it was given for: all checked against the order (a trade's two orders share
 * its fill), so a page costs what it returns.
 */
export function fillsPage(
  store: OrderStore,
  trades: TradeStore,
  slot: Slot,
  instrument: Instrument,
  query: FillsQuery,
): Result<FillsPage> {
  const { cursor, limit = DEFAULT_FILLS_LIMIT } = query;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_FILLS_LIMIT) {
    return invalidParameter('limit', `limit must be an integer from 1 to ${MAX_FILLS_LIMIT}`);
  }
  let from = store.firstFill(slot);
  if (cursor !== undefined) {
    from = cursorFill(store, trades, slot, cursor);
    if (from === NO_SLOT) return invalidParameter('cursor', 'cursor is not one of this order');
  }
  const { fills, next } = fillsFrom(store, trades, slot, from, limit);
  return ok({
    fills: fills.map((fill) => fillOf(instrument, fill)),
    nextCursor:
      next === NO_SLOT
        ? null
        : `${next.toString(36)}.${trades.sequence(next).toString(36)}.${store.sequenceColumn[slot]!.toString(36)}`,
  });
}

const CURSOR_PATTERN = /^([0-9a-z]{1,7})\.([0-9a-z]{1,11})\.([0-9a-z]{1,11})$/;

/** The trade slot a cursor of the order at `slot` names, if it is a live fill of it; else NO_SLOT. */
function cursorFill(store: OrderStore, trades: TradeStore, slot: Slot, cursor: unknown): number {
  const match = typeof cursor === 'string' ? CURSOR_PATTERN.exec(cursor) : null;
  if (match === null) return NO_SLOT;
  const fill = parseInt(match[1]!, 36);
  const tradeSequence = parseInt(match[2]!, 36);
  const orderSequence = store.sequenceColumn[slot]!;
  const isFill =
    parseInt(match[3]!, 36) === orderSequence &&
    trades.isHeld(fill) &&
    trades.sequence(fill) === tradeSequence &&
    (trades.makerSequence(fill) === orderSequence || trades.takerSequence(fill) === orderSequence);
  return isFill ? fill : NO_SLOT;
}
