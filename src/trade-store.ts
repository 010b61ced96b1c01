import { NO_SLOT, type OrderStore } from './order-store.js';
import { grown, SlotPool } from './typed-columns.js';

/**
 * Every trade's fields in parallel typed arrays indexed by slot, like the OrderStore. Each trade
 * is referenced by its symbol's TradeLog and by its two orders (whose fills are linked lists
 * through `nextOfMaker`/`nextOfTaker`); a slot is reused once all three have let it go.
 */
export class TradeStore {
  sequence = new Float64Array(0);
  price = new Float64Array(0);
  size = new Float64Array(0);
  timestamp = new Float64Array(0);
  makerSequence = new Float64Array(0);
  takerSequence = new Float64Array(0);
  /** The maker order's next fill (a trade slot), or NO_SLOT. */
  nextOfMaker = new Int32Array(0);
  /** The taker order's next fill, or NO_SLOT. */
  nextOfTaker = new Int32Array(0);
  takerSells = new Uint8Array(0);
  references = new Uint8Array(0);
  /** Account ids (see AccountNames). */
  makerAccount = new Int32Array(0);
  takerAccount = new Int32Array(0);
  /** Client order ids by slot, where the order had one. */
  readonly makerClientOrderIds = new Map<number, string>();
  readonly takerClientOrderIds = new Map<number, string>();
  readonly #slots = new SlotPool((capacity) => this.#grow(capacity));

  /**
   * Records `size` at `price` between two orders of the store; returns the trade's slot. The
   * caller writes its `timestamp`.
   */
  record(
    sequence: number,
    price: number,
    size: number,
    orders: OrderStore,
    maker: number,
    taker: number,
  ): number {
    const slot = this.#slots.take();
    this.sequence[slot] = sequence;
    this.price[slot] = price;
    this.size[slot] = size;
    this.makerSequence[slot] = orders.sequence[maker]!;
    this.takerSequence[slot] = orders.sequence[taker]!;
    this.nextOfMaker[slot] = NO_SLOT;
    this.nextOfTaker[slot] = NO_SLOT;
    this.takerSells[slot] = orders.isSell(taker) ? 1 : 0;
    this.references[slot] = 3; // the tape, the maker, the taker
    this.makerAccount[slot] = orders.account[maker]!;
    this.takerAccount[slot] = orders.account[taker]!;
    if (orders.anyClientOrderId) {
      const makerClientOrderId = orders.clientOrderId(maker);
      if (makerClientOrderId !== null) this.makerClientOrderIds.set(slot, makerClientOrderId);
      const takerClientOrderId = orders.clientOrderId(taker);
      if (takerClientOrderId !== null) this.takerClientOrderIds.set(slot, takerClientOrderId);
    }
    return slot;
  }

  /** The fill after `slot` in the list of the order with sequence `orderSequence`. */
  nextFill(slot: number, orderSequence: number): number {
    return this.makerSequence[slot] === orderSequence
      ? this.nextOfMaker[slot]!
      : this.nextOfTaker[slot]!;
  }

  /** One holder lets the trade go; the slot is freed when none is left. */
  release(slot: number): void {
    if (--this.references[slot]! > 0) return;
    this.makerClientOrderIds.delete(slot);
    this.takerClientOrderIds.delete(slot);
    this.#slots.give(slot);
  }

  #grow(capacity: number): void {
    this.sequence = grown(this.sequence, capacity);
    this.price = grown(this.price, capacity);
    this.size = grown(this.size, capacity);
    this.timestamp = grown(this.timestamp, capacity);
    this.makerSequence = grown(this.makerSequence, capacity);
    this.takerSequence = grown(this.takerSequence, capacity);
    this.nextOfMaker = grown(this.nextOfMaker, capacity);
    this.nextOfTaker = grown(this.nextOfTaker, capacity);
    this.takerSells = grown(this.takerSells, capacity);
    this.references = grown(this.references, capacity);
    this.makerAccount = grown(this.makerAccount, capacity);
    this.takerAccount = grown(this.takerAccount, capacity);
  }
}
