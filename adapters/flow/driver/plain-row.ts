/**
 * A scenario row as an OrderCommand, for the driver's `submit`: a ScenarioRow's fields read for
 * decodeRowCommand (adapters/flow/command-fields.ts). The decimals are read by the venue's
 * parseUnits: `(0|[1-9][0-9]*)(\.[0-9]+)?`, no digit lost, a safe integer.
 */
import {
  ACTION_CODES,
  ORDER_TYPE_CODES,
  parseUnits,
  SIDE_CODES,
  STP_CODES,
  TIME_IN_FORCE_CODES,
  type Instrument,
  type OrderCommand,
  type VenueCore,
} from '../../../src/index.js';
import {
  BAD,
  decodeRowCommand,
  EMPTY,
  ROW_DECLINED,
  type CommandFields,
  type NewOrderRow,
  type PlainRowTarget,
  type ScenarioRow,
} from '../index.js';

/** A ScenarioRow's fields, one row at a time (`row`). */
export class ScenarioRowFields implements CommandFields {
  row!: ScenarioRow;
  readonly #core: VenueCore;

  constructor(core: VenueCore) {
    this.#core = core;
  }

  action(): number {
    return ACTION_CODES.code(this.row.action);
  }

  account(create: boolean): number {
    const { account } = this.row;
    return create ? this.#core.accountId(account) : this.#core.store.accounts.find(account);
  }

  book(): number {
    return this.#core.bookIndex(this.row.symbol);
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
    if ('quoteSize' in row) return BAD;
    return row.clientOrderId !== undefined ||
      row.stopPrice !== undefined ||
      row.stp !== undefined ||
      row.expireAt !== undefined
      ? 1
      : 0;
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

/**
 * Fills `command` from the row and gives it to `target` when the row is plain: the target's
 * answer (ROW_TAKEN, or the core's refusal), else ROW_DECLINED.
 */
export function feedPlainRow(
  row: ScenarioRow,
  fields: ScenarioRowFields,
  instruments: readonly Instrument[],
  command: OrderCommand,
  target: PlainRowTarget,
): number {
  fields.row = row;
  return decodeRowCommand(fields, instruments, command)
    ? target.submit(row.ts, row.id, command)
    : ROW_DECLINED;
}

function decimalCell(text: string | undefined, decimals: number): number {
  return text === undefined ? EMPTY : decimalUnits(text, decimals);
}

/**
 * The unsigned decimal as units at `decimals`; -1 (BAD) when it is not one by the parser's rules
 * (a digit beyond `decimals` that is not 0 included).
 */
export function decimalUnits(text: string, decimals: number): number {
  const units = parseUnits(text, decimals);
  return typeof units === 'number' ? units : BAD;
}
