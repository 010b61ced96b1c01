/**
 * One fill of the strategy's as its hooks and the run's outputs read it (StrategyFill): kept in
 * the venue's units, its strings (trade id, price, size, fee) formatted when read, as the core's
 * records are. `JSON.stringify` and `toJSON()` give the plain fill (docs/backtest.md).
 */
import { formatPrice, formatSize, type Side } from '../../../src/index.js';
import type { StrategyFill } from './strategy.js';
import type { SymbolLedger } from './symbol-ledger.js';

export class FillView implements StrategyFill {
  readonly orderId: string;
  readonly symbol: string;
  readonly side: Side;
  readonly liquidity: 'maker' | 'taker';
  readonly timestamp: number;
  readonly #tradeSequence: number;
  readonly #ledger: SymbolLedger;
  readonly #price: bigint;
  readonly #size: bigint;
  readonly #fee: bigint;

  /** The fill `ledger` has just booked (its last fill's price and size), with its fee in money units. */
  constructor(
    ledger: SymbolLedger,
    orderId: string,
    tradeSequence: number,
    side: Side,
    liquidity: 'maker' | 'taker',
    fee: bigint,
    timestamp: number,
  ) {
    this.orderId = orderId;
    this.symbol = ledger.instrument.symbol;
    this.side = side;
    this.liquidity = liquidity;
    this.timestamp = timestamp;
    this.#tradeSequence = tradeSequence;
    this.#ledger = ledger;
    this.#price = ledger.lastFillPrice;
    this.#size = ledger.lastFillSize;
    this.#fee = fee;
  }

  get tradeId(): string {
    return 't_' + this.#tradeSequence;
  }
  get price(): string {
    return formatPrice(this.#ledger.instrument, this.#price);
  }
  get size(): string {
    return formatSize(this.#ledger.instrument, this.#size);
  }
  get fee(): string {
    return this.#ledger.money(this.#fee);
  }

  toJSON(): StrategyFill {
    return plainFill(this);
  }
}

/** A fill as a plain object: each field read once (a fill's strings are formatted when read). */
export function plainFill(fill: StrategyFill): StrategyFill {
  return {
    orderId: fill.orderId,
    tradeId: fill.tradeId,
    symbol: fill.symbol,
    side: fill.side,
    liquidity: fill.liquidity,
    price: fill.price,
    size: fill.size,
    fee: fill.fee,
    timestamp: fill.timestamp,
  };
}
