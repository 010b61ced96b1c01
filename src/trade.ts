import type { Instrument } from './instrument.js';
import { formatPrice, formatSize } from './instrument.js';
import { orderId } from './order.js';
import type { Side, TradeRecord } from './types.js';

/** One execution between a resting maker and an incoming taker, at the maker's price. */
export class Trade implements TradeRecord {
  constructor(
    readonly sequence: number,
    readonly instrument: Instrument,
    /** Price units. */
    readonly priceUnits: number,
    /** Size units. */
    readonly sizeUnits: number,
    readonly timestamp: number,
    /** The taker's side. */
    readonly side: Side,
    readonly makerSequence: number,
    readonly takerSequence: number,
    readonly makerAccount: string,
    readonly takerAccount: string,
    readonly makerClientOrderId: string | null,
    readonly takerClientOrderId: string | null,
  ) {}

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
  get makerOrderId(): string {
    return orderId(this.makerSequence);
  }
  get takerOrderId(): string {
    return orderId(this.takerSequence);
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
