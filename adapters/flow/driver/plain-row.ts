/**
 * A scenario row's fields read for decodeRowCommand (adapters/flow/command-fields.ts), which
 * makes an OrderCommand of every row for the driver's `feed`. The decimals are read by the venue's
 * parseUnits: `(0|[1-9][0-9]*)(\.[0-9]+)?`, no digit lost, a safe integer.
 */
import {
  ACTION_CODES,
  ORDER_TYPE_CODES,
  parseBigUnits,
  parseUnits,
  SIDE_CODES,
  STP_CODES,
  TIME_IN_FORCE_CODES,
  type VenueCore,
} from '../../../src/index.js';
import {
  BAD,
  EMPTY,
  TOO_LARGE,
  TOO_PRECISE,
  type CommandFields,
  type NewOrderRow,
  type ScenarioRow,
} from '../index.js';

/**
 * A ScenarioRow's fields, one row at a time (`row`). A cancel, reduce or amend row's book is its
 * order's (`orderBook`, -1 when it names none), as the string API reads it: the row's symbol is
 * not read.
 */
export class ScenarioRowFields implements CommandFields {
  row!: ScenarioRow;
  readonly #core: VenueCore;
  readonly #orderBook: (id: string) => number;

  constructor(core: VenueCore, orderBook: (id: string) => number) {
    this.#core = core;
    this.#orderBook = orderBook;
  }

  action(): number {
    return ACTION_CODES.code(this.row.action);
  }

  account(create: boolean): number {
    const { account } = this.row;
    return create ? this.#core.accountId(account) : this.#core.store.accounts.find(account);
  }

  book(): number {
    const { row } = this;
    return row.action === 'new' ? this.#core.bookIndex(row.symbol) : this.#orderBook(row.id);
  }

  side(): number {
    return this.row.action === 'new' ? SIDE_CODES.code(this.row.side) : EMPTY;
  }

  type(): number {
    return this.row.action === 'new' ? ORDER_TYPE_CODES.code(this.row.type) : EMPTY;
  }

  timeInForce(): number {
    const tif = this.row.action === 'new' ? this.row.timeInForce : undefined;
    return tif === undefined ? EMPTY : TIME_IN_FORCE_CODES.code(tif); // -1 (BAD): unknown
  }

  price(decimals: number): number {
    const { row } = this;
    return row.action === 'cancel' || row.action === 'reduce'
      ? EMPTY
      : decimalCell(row.price, decimals);
  }

  size(decimals: number): number {
    const { row } = this;
    return row.action === 'cancel' || !('size' in row) ? EMPTY : decimalCell(row.size, decimals);
  }

  postOnly(): number {
    const postOnly = this.row.action === 'new' ? this.row.postOnly : undefined;
    return postOnly === undefined ? EMPTY : postOnly ? 1 : 0;
  }

  extras(): number {
    const { row } = this;
    if (row.action !== 'new') return 0;
    return 'quoteSize' in row ||
      row.clientOrderId !== undefined ||
      row.stopPrice !== undefined ||
      row.stp !== undefined ||
      row.expireAt !== undefined
      ? 1
      : 0;
  }

  quote(decimals: number): bigint {
    const row = this.row as NewOrderRow;
    if (!('quoteSize' in row)) return 0n;
    const quote = parseBigUnits(row.quoteSize, decimals);
    return typeof quote === 'bigint' && quote > 0n ? quote : -1n;
  }

  stopPrice(decimals: number): number {
    return decimalCell((this.row as NewOrderRow).stopPrice, decimals);
  }

  stp(): number {
    const { stp } = this.row as NewOrderRow;
    return stp === undefined ? EMPTY : STP_CODES.code(stp); // -1 (BAD): unknown
  }

  expireAt(): number {
    const { expireAt } = this.row as NewOrderRow;
    return expireAt === undefined ? EMPTY : expireAt > 0 ? expireAt : BAD;
  }

  clientOrderId(): string | null {
    return (this.row as NewOrderRow).clientOrderId ?? null;
  }
}

function decimalCell(text: string | undefined, decimals: number): number {
  return text === undefined ? EMPTY : decimalUnits(text, decimals);
}

/**
 * The unsigned decimal as units at `decimals`; BAD, TOO_PRECISE (a digit beyond `decimals` that
 * is not 0) or TOO_LARGE when it is not one by the parser's rules.
 */
export function decimalUnits(text: string, decimals: number): number {
  const units = parseUnits(text, decimals);
  if (typeof units === 'number') return units;
  return units === 'too_precise' ? TOO_PRECISE : units === 'too_large' ? TOO_LARGE : BAD;
}
