import { ACTION_NEW, SIDE_BUY, TIF_GTC, TYPE_LIMIT } from './numeric.js';
import type { Lots, Sequence, Ticks } from './quantities.js';

/**
 * One command to the core (VenueCore.submit), with named fields in the core's units: the codes of
 * numeric.ts, prices in ticks and sizes in lots of the order's instrument. A caller keeps one and
 * fills it in place for each command (nothing is allocated per command); the core reads it during
 * the call only. Which fields an action reads:
 * - ACTION_NEW: account, book, side, type, timeInForce, flags, price (0 for market orders), size,
 *   stopPrice (0: none), stp, expireAt (0 unless TIF_GTD), clientOrderId (null: none), quote
 *   (0n: none; a market buy's amount to spend, size 0, which the core sets: VenueCore.sizeByQuote);
 * - ACTION_CANCEL: account, target;
 * - ACTION_REDUCE: account, target, size (taken off the remaining size; all of it or more cancels);
 * - ACTION_AMEND: account, target, size (the new size, filled size included) and price (the new
 *   limit price), 0 leaving either as it is.
 */
export class OrderCommand {
  action = ACTION_NEW;
  /** The account's index (VenueCore.accountId). */
  account = 0;
  /** The instrument's book index (VenueCore.bookIndex). */
  book = 0;
  side = SIDE_BUY;
  type = TYPE_LIMIT;
  timeInForce = TIF_GTC;
  /** 0 or FLAG_POST_ONLY. */
  flags = 0;
  price = 0 as Ticks;
  size = 0 as Lots;
  stopPrice = 0 as Ticks;
  /** A mode of STP_CODES; `clear` sets the venue's default (VenueCore.newCommand). */
  stp: number;
  /** Milliseconds since the epoch; 0 unless the order is TIF_GTD. */
  expireAt = 0;
  clientOrderId: string | null = null;
  /** A market buy's quote to spend, in price units × size units (the `quoteSize` decimals); 0n: none. */
  quote = 0n;
  /** The sequence of the order a cancel, reduce or amend acts on. */
  target = 0 as Sequence;
  readonly #defaultStp: number;

  constructor(defaultStp: number) {
    this.#defaultStp = defaultStp;
    this.stp = defaultStp;
  }

  /** Back to a plain limit gtc buy with the default stp and no stop, expiry, client order id or quote. */
  clear(): this {
    this.action = ACTION_NEW;
    this.account = 0;
    this.book = 0;
    this.side = SIDE_BUY;
    this.type = TYPE_LIMIT;
    this.timeInForce = TIF_GTC;
    this.flags = 0;
    this.price = 0 as Ticks;
    this.size = 0 as Lots;
    this.stopPrice = 0 as Ticks;
    this.stp = this.#defaultStp;
    this.expireAt = 0;
    this.clientOrderId = null;
    this.quote = 0n;
    this.target = 0 as Sequence;
    return this;
  }
}
