import { describe, expect, it } from 'vitest';
import {
  decodeRowCommand,
  EMPTY,
  RowRefusal,
  type CommandFields,
} from '../../adapters/flow/index.js';
import {
  ACTION_AMEND,
  ACTION_CANCEL,
  ACTION_NEW,
  ACTION_REDUCE,
  FLAG_POST_ONLY,
  SIDE_BUY,
  SIDE_SELL,
  STP_CANCEL_BOTH,
  STP_CANCEL_MAKER,
  TIF_FOK,
  TIF_IOC,
  TYPE_LIMIT,
  TYPE_MARKET,
  Venue,
  type Lots,
  type OrderCommand,
  type Sequence,
  type Ticks,
} from '../../src/index.js';

/** A row's fields as codes and units (BTC-USD: a tick and a lot are 1 unit); EMPTY unless given. */
interface Row {
  action: number;
  account?: number;
  book?: number;
  side?: number;
  type?: number;
  timeInForce?: number;
  price?: number;
  size?: number;
  postOnly?: number;
  stopPrice?: number;
  stp?: number;
  expireAt?: number;
  clientOrderId?: string;
}

class RowFields implements CommandFields {
  row: Row = { action: ACTION_NEW };
  action = () => this.row.action;
  account = () => this.row.account ?? 0;
  book = () => this.row.book ?? 0;
  side = () => this.row.side ?? EMPTY;
  type = () => this.row.type ?? EMPTY;
  timeInForce = () => this.row.timeInForce ?? EMPTY;
  price = () => this.row.price ?? EMPTY;
  size = () => this.row.size ?? EMPTY;
  postOnly = () => this.row.postOnly ?? EMPTY;
  extras = () =>
    this.row.stopPrice !== undefined ||
    this.row.stp !== undefined ||
    this.row.expireAt !== undefined ||
    this.row.clientOrderId !== undefined
      ? 1
      : 0;
  quote = () => 0n;
  stopPrice = () => this.row.stopPrice ?? EMPTY;
  stp = () => this.row.stp ?? EMPTY;
  expireAt = () => this.row.expireAt ?? EMPTY;
  clientOrderId = () => this.row.clientOrderId ?? null;
}

const ROWS: Record<string, Row> = {
  'limit buy': { action: ACTION_NEW, side: SIDE_BUY, type: TYPE_LIMIT, price: 3, size: 5 },
  'post-only fok sell on ETH-USD': {
    action: ACTION_NEW,
    account: 1,
    book: 1,
    side: SIDE_SELL,
    type: TYPE_LIMIT,
    timeInForce: TIF_FOK,
    price: 4,
    size: 6,
    postOnly: 1,
  },
  'market sell': { action: ACTION_NEW, side: SIDE_SELL, type: TYPE_MARKET, size: 7 },
  'limit without a price': { action: ACTION_NEW, side: SIDE_BUY, type: TYPE_LIMIT, size: 8 },
  'stop limit with stp, expiry and client order id': {
    action: ACTION_NEW,
    account: 2,
    side: SIDE_SELL,
    type: TYPE_LIMIT,
    price: 9,
    size: 10,
    stopPrice: 11,
    stp: STP_CANCEL_MAKER,
    expireAt: 12,
    clientOrderId: 'c-1',
  },
  cancel: { action: ACTION_CANCEL, account: 1 },
  reduce: { action: ACTION_REDUCE, book: 1, size: 13 },
  amend: { action: ACTION_AMEND, size: 14, price: 15 },
};

/** Every field of a command unlike a cleared one's and any row's above. */
function dirty(command: OrderCommand): OrderCommand {
  Object.assign(command, {
    action: ACTION_AMEND,
    account: 9,
    book: 1,
    side: SIDE_SELL,
    type: TYPE_MARKET,
    timeInForce: TIF_IOC,
    flags: FLAG_POST_ONLY,
    stp: STP_CANCEL_BOTH,
    expireAt: 99,
    clientOrderId: 'stale',
    quote: 98n,
  });
  command.price = 97 as Ticks;
  command.size = 96 as Lots;
  command.stopPrice = 95 as Ticks;
  command.target = 94 as Sequence;
  return command;
}

describe('decodeRowCommand fills every field of the command', () => {
  const venue = Venue.create({ clock: () => 0 });
  if (!venue.ok) throw new Error(venue.error.message);
  const core = venue.value.core;
  const instruments = core.books.map((book) => book.instrument);
  const fields = new RowFields();
  const decoded = (row: Row, command: OrderCommand, refusal: RowRefusal | null = null) => {
    fields.row = row;
    expect(decodeRowCommand(fields, instruments, command, refusal)).toBe(true);
    return { ...command };
  };

  it('the dirty command differs from a cleared one in every field', () => {
    const cleared = { ...core.newCommand() } as Record<string, unknown>;
    const stale = { ...dirty(core.newCommand()) } as Record<string, unknown>;
    for (const field of Object.keys(cleared)) expect(stale[field], field).not.toBe(cleared[field]);
  });

  for (const [name, row] of Object.entries(ROWS)) {
    it(`${name}: nothing of a previous command is left`, () => {
      const fresh = decoded(row, core.newCommand());
      expect(decoded(row, dirty(core.newCommand()))).toEqual(fresh);
      // After each row the driver's target (ScenarioDriver.submitBytes) and a refused row's
      // sentinels (RowRefusal): a size off the grid, an unknown stp.
      for (const previous of Object.values(ROWS)) {
        const command = core.newCommand();
        decoded(previous, command);
        command.target = 93 as Sequence;
        expect(decoded(row, command)).toEqual(fresh);
      }
      const command = core.newCommand();
      decoded({ ...ROWS['limit buy']!, size: 0 }, command, new RowRefusal());
      expect(command.size).toBe(0);
      expect(decoded(row, command)).toEqual(fresh);
      decoded({ ...ROWS['limit buy']!, stp: -1 }, command, new RowRefusal());
      expect(command.stp).toBe(-1);
      expect(decoded(row, command)).toEqual(fresh);
    });
  }
});
