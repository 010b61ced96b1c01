/**
 * A scenario row as numbers, for the driver's numeric entries: a plain `new` (no client order id,
 * stop, stp or expiry; price and size exact decimals on the instrument's grid), `cancel` or
 * `reduce` (its size on the grid) row of a listed symbol. Anything else, and anything not plainly
 * valid, is left to the string API, which refuses it in words. The decimals are read by the
 * venue's parseUnits: `(0|[1-9][0-9]*)(\.[0-9]+)?`, no digit lost, a safe integer.
 */
import {
  ACTION_CANCEL,
  ACTION_REDUCE,
  FLAG_POST_ONLY,
  parseUnits,
  SIDE_BUY,
  SIDE_SELL,
  TIF_GTC,
  TIF_GTD,
  TIF_IOC,
  TIME_IN_FORCE_CODES,
  TYPE_MARKET,
  type Lots,
  type OrderCommand,
  type Ticks,
  type VenueCore,
} from '../../src/index.js';
import type { PlainRowTarget, ScenarioRow } from '../csv/index.js';

/**
 * Fills `command` from the row and gives it to `target` when the row is plain; true when the
 * target took it.
 */
export function feedPlainRow(
  row: ScenarioRow,
  core: VenueCore,
  command: OrderCommand,
  target: PlainRowTarget,
): boolean {
  command.clear();
  if (row.action !== 'new') {
    // An order's account exists; a new order's may be created by it (below).
    command.account = core.store.accounts.find(row.account);
    if (command.account < 0) return false;
  }
  if (row.action === 'cancel') {
    command.action = ACTION_CANCEL;
    return target.submit(row.ts, row.id, command);
  }
  const book = core.bookIndex(row.symbol);
  if (book < 0) return false;
  const instrument = core.books[book]!.instrument;
  const size = decimalUnits(row.size ?? '', instrument.sizeDecimals);
  if (size <= 0 || size % instrument.lotUnits !== 0) return false;
  command.book = book;
  command.size = (size / instrument.lotUnits) as Lots;
  if (row.action === 'reduce') {
    command.action = ACTION_REDUCE;
    return target.submit(row.ts, row.id, command);
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
  if (type === 'limit') {
    const units = price === undefined ? -1 : decimalUnits(price, instrument.priceDecimals);
    if (units <= 0 || units % instrument.tickUnits !== 0) return false;
    command.price = (units / instrument.tickUnits) as Ticks;
    const tif = timeInForce === undefined ? TIF_GTC : TIME_IN_FORCE_CODES.code(timeInForce);
    if (tif < 0 || tif === TIF_GTD) return false; // gtd needs an expiry
    command.timeInForce = tif;
  } else if (type !== 'market' || price !== undefined || timeInForce !== undefined) {
    return false;
  } else {
    command.type = TYPE_MARKET;
    command.timeInForce = TIF_IOC;
  }
  command.side = side === 'buy' ? SIDE_BUY : SIDE_SELL;
  command.flags = row.postOnly === true ? FLAG_POST_ONLY : 0;
  command.account = core.accountId(row.account);
  return target.submit(row.ts, row.id, command);
}

/**
 * The unsigned decimal as units at `decimals`; -1 when it is not one by the parser's rules (a
 * digit beyond `decimals` that is not 0 included).
 */
export function decimalUnits(text: string, decimals: number): number {
  const units = parseUnits(text, decimals);
  return typeof units === 'number' ? units : -1;
}
