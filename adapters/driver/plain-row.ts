/**
 * A scenario row as numbers, for the driver's numeric entries: a plain `new` (no client order id,
 * stop, stp or expiry; price and size exact decimals on the instrument's grid), `cancel` or
 * `reduce` (its size on the grid) row of a listed symbol. Anything else, and anything not plainly
 * valid, is left to the string API, which refuses it in words. The decimals are read by the rules
 * of the venue's parser (and of the Arrow reader's, flow-codes.ts): `(0|[1-9][0-9]*)(\.[0-9]+)?`,
 * no digit lost, a safe integer.
 */
import {
  FLAG_POST_ONLY,
  SIDE_BUY,
  SIDE_SELL,
  TIF_FOK,
  TIF_GTC,
  TIF_IOC,
  TYPE_LIMIT,
  TYPE_MARKET,
  type VenueCore,
} from '../../src/index.js';
import type { PlainRowTarget, ScenarioRow } from '../csv/index.js';

const TIF_CODES: Readonly<Record<string, number>> = { gtc: TIF_GTC, ioc: TIF_IOC, fok: TIF_FOK };

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
    tif = timeInForce === undefined ? TIF_GTC : (TIF_CODES[timeInForce] ?? -1);
    if (tif < 0) return false;
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
  const end = text.length;
  if (end === 0) return -1;
  const first = text.charCodeAt(0);
  if (first === 46 /* . */ || (first === 48 /* 0 */ && end > 1 && text.charCodeAt(1) !== 46))
    return -1;
  let units = 0;
  let i = 0;
  for (; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit === -2 /* . */) break;
    if (digit < 0 || digit > 9) return -1;
    units = units * 10 + digit;
  }
  let fractionDigits = 0;
  if (i < end) {
    i++;
    if (i === end) return -1;
    for (; i < end; i++) {
      const digit = text.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) return -1;
      if (fractionDigits < decimals) {
        units = units * 10 + digit;
        fractionDigits++;
      } else if (digit !== 0) return -1;
    }
  }
  for (; fractionDigits < decimals; fractionDigits++) units *= 10;
  return Number.isSafeInteger(units) ? units : -1;
}
