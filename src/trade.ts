import type { Instrument } from './instrument.js';
import { formatPrice, formatSize } from './instrument.js';
import { orderId, type Order } from './order.js';
import type { Side, TradeRecord } from './types.js';

/** One execution between a resting maker and an incoming taker, at the maker's price. */
export class Trade implements TradeRecord {
  readonly #maker: Order;
  readonly #taker: Order;

  constructor(
    readonly sequence: number,
    readonly instrument: Instrument,
    /** Price units. */
    readonly priceUnits: number,
    /** Size units. */
    readonly sizeUnits: number,
    readonly timestamp: number,
    maker: Order,
    taker: Order,
  ) {
    this.#maker = maker;
    this.#taker = taker;
  }

  get id(): string {
    return 't_' + this.sequence;
  }
  get symbol(): string {
    return this.instrument.symbol;
  }
  get price(): string {
    return formatPrice(this.instrument, this.priceUnits);
  }
  get size(): string {
    return formatSize(this.instrument, this.sizeUnits);
  }
  get side(): Side {
    return this.#taker.side;
  }
  get makerOrderId(): string {
    return orderId(this.#maker.sequence);
  }
  get takerOrderId(): string {
    return orderId(this.#taker.sequence);
  }
  get makerClientOrderId(): string | null {
    return this.#maker.clientOrderId;
  }
  get takerClientOrderId(): string | null {
    return this.#taker.clientOrderId;
  }
  get makerAccount(): string {
    return this.#maker.account;
  }
  get takerAccount(): string {
    return this.#taker.account;
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
