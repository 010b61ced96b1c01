/**
 * A scenario row as numbers, for the driver's numeric entries: a plain `new` (no client order id,
 * stop, stp or expiry; price and size exact decimals on the instrument's grid), `cancel` or
 * `reduce` (its size on the grid) row of a listed symbol. Anything else, and anything not plainly
 * valid, is left to the string API, which refuses it in words. The decimals are read by the
 * venue's parseUnits: `(0|[1-9][0-9]*)(\.[0-9]+)?`, no digit lost, a safe integer.
 */
import {
  FLAG_POST_ONLY,
  parseUnits,
  SIDE_BUY,
  SIDE_SELL,
  TIF_GTC,
  TIF_GTD,
  TIF_IOC,
  TIME_IN_FORCE_CODES,
  TYPE_LIMIT,
  TYPE_MARKET,
  type VenueCore,
} from '../../src/index.js';
import type { PlainRowTarget, ScenarioRow } from '../csv/index.js';

/** Gives the row to `target` as numbers when it is plain; true when the target took it. */
export function feedPlainRow(row: ScenarioRow, core: VenueCore, target: PlainRowTarget): boolean {
  if (row.action === 'cancel') {
    const account = core.store.accounts.find(row.account);
    return account >= 0 && target.cancel(row.ts, row.id, account);
  }
  if (row.action === 'reduce') {
    const account = core.store.accounts.find(row.account);
    const book = core.bookIndex(row.symbol);
    if (account < 0 || book < 0) return false;
    const { lotUnits, sizeDecimals } = core.books[book]!.instrument;
    const size = decimalUnits(row.size, sizeDecimals);
    return (
      size > 0 &&
      size % lotUnits === 0 &&
      target.reduce(row.ts, row.id, account, book, size / lotUnits)
    );
  }
  if (row.action !== 'new') return false;
  const { side, type, timeInForce, price } = row;
  if (
    row.clientOrderId !== undefined ||
    row.stopPrice !== undefined ||
    row.stp !== undefined ||
    row.expireAt !== undefined
  )
    return false;
  const book = core.bookIndex(row.symbol);
  if (book < 0) return false;
  const instrument = core.books[book]!.instrument;
  const size = decimalUnits(row.size, instrument.sizeDecimals);
  if (size <= 0 || size % instrument.lotUnits !== 0) return false;
  let ticks = 0;
  let tif = TIF_IOC;
  if (type === 'limit') {
    const units = price === undefined ? -1 : decimalUnits(price, instrument.priceDecimals);
    if (units <= 0 || units % instrument.tickUnits !== 0) return false;
    ticks = units / instrument.tickUnits;
    tif = timeInForce === undefined ? TIF_GTC : TIME_IN_FORCE_CODES.code(timeInForce);
    if (tif < 0 || tif === TIF_GTD) return false; // gtd needs an expiry
  } else if (type !== 'market' || price !== undefined || timeInForce !== undefined) {
    return false;
  }
  return target.place(
    row.ts,
    row.id,
    core.accountId(row.account),
    book,
    side === 'buy' ? SIDE_BUY : SIDE_SELL,
    type === 'limit' ? TYPE_LIMIT : TYPE_MARKET,
    tif,
    row.postOnly === true ? FLAG_POST_ONLY : 0,
    ticks,
    size / instrument.lotUnits,
  );
}

/**
 * The unsigned decimal as units at `decimals`; -1 when it is not one by the parser's rules (a
 * digit beyond `decimals` that is not 0 included).
 */
export function decimalUnits(text: string, decimals: number): number {
  const units = parseUnits(text, decimals);
  return typeof units === 'number' ? units : -1;
}
