import type { MonotonicClock } from './monotonic-clock.js';
import { NO_SLOT, type OrderStore } from './order-store.js';
import { SlotPool } from './typed-columns.js';
import type { Sequence, Slot, Units } from './quantities.js';

/** Trades per chunk (2^14: a 1 MiB chunk of records). */
const CHUNK_BITS = 14;
const CHUNK_MASK = (1 << CHUNK_BITS) - 1;
/** Float64s per record: one 64-byte cache line. */
const WIDTH = 8;
/** A record's Float64 fields. */
const SEQUENCE = 0;
const PRICE = 1;
const SIZE = 2;
const TIMESTAMP = 3;
const MAKER_SEQUENCE = 4;
const TAKER_SEQUENCE = 5;
/** A record's Int32 fields (Int32 index within the record, after the six Float64s). */
const NEXT_OF_MAKER = 12;
const NEXT_OF_TAKER = 13;
const MAKER_ACCOUNT = 14;
const TAKER_ACCOUNT = 15;
/** In a trade's flags: bits 0-1 its holders, bit 2 its taker sold, bits 3-4 its orders' client ids. */
const REFERENCES_MASK = 3;
const TAKER_SELLS = 4;
const MAKER_CLIENT_ORDER_ID = 8;
const TAKER_CLIENT_ORDER_ID = 16;

/**
 * Every trade's fields, one 64-byte record a slot (plus a byte of flags), in chunks of 2^14 slots
 * that are added as the store fills and never copied: recording a trade writes one cache line.
 * Each trade is referenced by its symbol's TradeLog and by its two orders (whose fills are linked
 * lists through `nextOfMaker`/`nextOfTaker`); a slot is reused once all three have let it go.
 */
export class TradeStore {
  readonly #numbers: Float64Array[] = [];
  /** The same chunks as Int32s. */
  readonly #ints: Int32Array[] = [];
  readonly #flags: Uint8Array[] = [];
  /** Client order ids by slot, where the order had one. */
  readonly makerClientOrderIds = new Map<number, string>();
  readonly takerClientOrderIds = new Map<number, string>();
  readonly #slots = new SlotPool(() => {
    const chunk = new ArrayBuffer((WIDTH * 8) << CHUNK_BITS);
    this.#numbers.push(new Float64Array(chunk));
    this.#ints.push(new Int32Array(chunk));
    this.#flags.push(new Uint8Array(1 << CHUNK_BITS));
  }, 1 << CHUNK_BITS);

  /**
   * Records `size` at `price` between two orders of the store; returns the trade's slot. The
   * maker's sequence and account come from the caller, which has read them with the maker's other
   * fields. The caller sets its timestamp (`setTimestamp`).
   */
  record(
    sequence: number,
    price: Units,
    size: Units,
    orders: OrderStore,
    maker: Slot,
    makerSequence: Sequence,
    makerAccount: number,
    taker: Slot,
  ): number {
    const slot = this.#slots.take();
    const chunk = slot >> CHUNK_BITS;
    const at = (slot & CHUNK_MASK) * WIDTH;
    const numbers = this.#numbers[chunk]!;
    numbers[at + SEQUENCE] = sequence;
    numbers[at + PRICE] = price;
    numbers[at + SIZE] = size;
    numbers[at + MAKER_SEQUENCE] = makerSequence;
    numbers[at + TAKER_SEQUENCE] = orders.sequenceColumn[taker]!;
    const ints = this.#ints[chunk]!;
    const intAt = at * 2;
    ints[intAt + NEXT_OF_MAKER] = NO_SLOT;
    ints[intAt + NEXT_OF_TAKER] = NO_SLOT;
    ints[intAt + MAKER_ACCOUNT] = makerAccount;
    ints[intAt + TAKER_ACCOUNT] = orders.accountColumn[taker]!;
    let flags = 3 | (orders.isSell(taker) ? TAKER_SELLS : 0); // held by the tape, the maker, the taker
    if (orders.anyClientOrderId) {
      const makerClientOrderId = orders.clientOrderId(maker);
      if (makerClientOrderId !== null) {
        this.makerClientOrderIds.set(slot, makerClientOrderId);
        flags |= MAKER_CLIENT_ORDER_ID;
      }
      const takerClientOrderId = orders.clientOrderId(taker);
      if (takerClientOrderId !== null) {
        this.takerClientOrderIds.set(slot, takerClientOrderId);
        flags |= TAKER_CLIENT_ORDER_ID;
      }
    }
    this.#flags[chunk]![slot & CHUNK_MASK] = flags;
    return slot;
  }

  sequence(slot: number): number {
    return this.#number(slot, SEQUENCE);
  }
  price(slot: number): Units {
    return this.#number(slot, PRICE) as Units;
  }
  size(slot: number): Units {
    return this.#number(slot, SIZE) as Units;
  }
  timestamp(slot: number): number {
    return this.#number(slot, TIMESTAMP);
  }
  makerSequence(slot: number): Sequence {
    return this.#number(slot, MAKER_SEQUENCE) as Sequence;
  }
  takerSequence(slot: number): Sequence {
    return this.#number(slot, TAKER_SEQUENCE) as Sequence;
  }
  /** Account ids (see AccountNames). */
  makerAccount(slot: number): number {
    return this.#int(slot, MAKER_ACCOUNT);
  }
  takerAccount(slot: number): number {
    return this.#int(slot, TAKER_ACCOUNT);
  }
  /** 1 when the taker sold, else 0. */
  takerSells(slot: number): number {
    return (this.#flags[slot >> CHUNK_BITS]![slot & CHUNK_MASK]! & TAKER_SELLS) >> 2;
  }
  /** How many holders (the log, the maker, the taker) still hold the trade. */
  references(slot: number): number {
    return this.#flags[slot >> CHUNK_BITS]![slot & CHUNK_MASK]! & REFERENCES_MASK;
  }
  /** Whether `slot` (any integer) is a trade still held. */
  isHeld(slot: number): boolean {
    return slot >= 0 && slot < this.#flags.length << CHUNK_BITS && this.references(slot) > 0;
  }

  /** Sets the trade's timestamp to the clock's command time. */
  setTimestamp(slot: number, clock: MonotonicClock): void {
    clock.writeCommandTime(
      this.#numbers[slot >> CHUNK_BITS]!,
      (slot & CHUNK_MASK) * WIDTH + TIMESTAMP,
    );
  }

  /** Links `next` after `slot` in the fills of the trade's maker. */
  setNextOfMaker(slot: number, next: number): void {
    this.#ints[slot >> CHUNK_BITS]![(slot & CHUNK_MASK) * WIDTH * 2 + NEXT_OF_MAKER] = next;
  }
  /** Links `next` after `slot` in the fills of the trade's taker. */
  setNextOfTaker(slot: number, next: number): void {
    this.#ints[slot >> CHUNK_BITS]![(slot & CHUNK_MASK) * WIDTH * 2 + NEXT_OF_TAKER] = next;
  }

  /** The fill after `slot` in the list of the order with sequence `orderSequence`. */
  nextFill(slot: number, orderSequence: Sequence): number {
    return this.#int(
      slot,
      this.#number(slot, MAKER_SEQUENCE) === orderSequence ? NEXT_OF_MAKER : NEXT_OF_TAKER,
    );
  }

  /** How many trades are held (by a log or an order). */
  get held(): number {
    return this.#slots.inUse;
  }

  /** One holder lets the trade go; the slot is freed when none is left. */
  release(slot: number): void {
    const flags = this.#flags[slot >> CHUNK_BITS]!;
    const left = --flags[slot & CHUNK_MASK]!;
    if ((left & REFERENCES_MASK) > 0) return;
    // Deleted only where set: a probe of a map that holds other trades' ids costs per trade.
    if ((left & MAKER_CLIENT_ORDER_ID) !== 0) this.makerClientOrderIds.delete(slot);
    if ((left & TAKER_CLIENT_ORDER_ID) !== 0) this.takerClientOrderIds.delete(slot);
    this.#slots.give(slot);
  }

  #number(slot: number, field: number): number {
    return this.#numbers[slot >> CHUNK_BITS]![(slot & CHUNK_MASK) * WIDTH + field]!;
  }
  #int(slot: number, field: number): number {
    return this.#ints[slot >> CHUNK_BITS]![(slot & CHUNK_MASK) * WIDTH * 2 + field]!;
  }
}
