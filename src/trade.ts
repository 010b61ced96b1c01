import type { AccountNames } from './account-names.js';
import type { Instrument } from './instrument.js';
import { formatPrice, formatSize } from './instrument.js';
import { orderId } from './order.js';
import type { TradeStore } from './trade-store.js';
import type { Side, TradeRecord } from './types.js';
import type { Sequence, Units } from './quantities.js';

/** A trade as a record, copied out of the store; strings are formatted when read. */
export class TradeView implements TradeRecord {
  readonly sequence: number;
  readonly timestamp: number;
  readonly side: Side;
  readonly makerAccount: string;
  readonly takerAccount: string;
  readonly makerClientOrderId: string | null;
  readonly takerClientOrderId: string | null;
  readonly #instrument: Instrument;
  readonly #price: Units;
  readonly #size: Units;
  readonly #makerSequence: Sequence;
  readonly #takerSequence: Sequence;

  constructor(trades: TradeStore, slot: number, instrument: Instrument, accounts: AccountNames) {
    this.#instrument = instrument;
    this.sequence = trades.sequence(slot);
    this.timestamp = trades.timestamp(slot);
    this.side = trades.takerSells(slot) === 1 ? 'sell' : 'buy';
    this.makerAccount = accounts.name(trades.makerAccount(slot));
    this.takerAccount = accounts.name(trades.takerAccount(slot));
    this.makerClientOrderId = trades.makerClientOrderIds.get(slot) ?? null;
    this.takerClientOrderId = trades.takerClientOrderIds.get(slot) ?? null;
    this.#price = trades.price(slot);
    this.#size = trades.size(slot);
    this.#makerSequence = trades.makerSequence(slot);
    this.#takerSequence = trades.takerSequence(slot);
  }

  get id(): string {
    return 't_' + this.sequence;
  }
  get symbol(): string {
    return this.#instrument.symbol;
  }
  get price(): string {
    return formatPrice(this.#instrument, this.#price);
  }
  get size(): string {
    return formatSize(this.#instrument, this.#size);
  }
  get makerOrderId(): string {
    return orderId(this.#makerSequence);
  }
  get takerOrderId(): string {
    return orderId(this.#takerSequence);
  }

  toJSON(): TradeRecord {
    return {
      id: this.id,
      sequence: this.sequence,
      symbol: this.symbol,
      price: this.price,
      size: this.size,
      side: this.side,
      timestamp: this.timestamp,
      makerOrderId: this.makerOrderId,
      takerOrderId: this.takerOrderId,
      makerClientOrderId: this.makerClientOrderId,
      takerClientOrderId: this.takerClientOrderId,
      makerAccount: this.makerAccount,
      takerAccount: this.takerAccount,
    };
  }
}
