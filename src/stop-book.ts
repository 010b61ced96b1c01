import type { Sequence, Units } from './quantities.js';
/**
 * One symbol's waiting stop orders (status `pending`), in trigger order. A buy stop is due when
 * the last trade price is at or above its stop price, a sell stop when it is at or below. Each side
 * is an array sorted so that its next stop to trigger is last: buys by stop price descending, sells
 * ascending, and at equal stop prices by sequence descending. So the due check is two compares
 * (invariant 9) and a book without stops costs one length check per command.
 */
export class StopBook {
  /** Sequences and stop prices (units), in the order above. */
  readonly #buys: { sequence: Sequence; price: Units }[] = [];
  readonly #sells: { sequence: Sequence; price: Units }[] = [];

  get size(): number {
    return this.#buys.length + this.#sells.length;
  }

  add(sequence: Sequence, sell: boolean, price: Units): void {
    const side = sell ? this.#sells : this.#buys;
    side.splice(position(side, sell, price, sequence), 0, { sequence, price });
  }

  /** Takes a waiting stop out (cancelled, expired); false when it is not there. */
  remove(sequence: Sequence, sell: boolean, price: Units): boolean {
    const side = sell ? this.#sells : this.#buys;
    const at = position(side, sell, price, sequence);
    if (side[at]?.sequence !== sequence) return false;
    side.splice(at, 1);
    return true;
  }

  /**
   * Takes out and returns the sequence of the next stop due at `lastPrice`, or -1: the due buy with
   * the lowest stop price or the due sell with the highest (the one the price reached first),
   * equal stop prices by sequence; when both sides have one due, the lower sequence.
   */
  takeDue(lastPrice: Units): Sequence {
    const buy = this.#buys[this.#buys.length - 1];
    const sell = this.#sells[this.#sells.length - 1];
    const buyDue = buy !== undefined && lastPrice >= buy.price;
    const sellDue = sell !== undefined && lastPrice <= sell.price;
    if (buyDue && (!sellDue || buy.sequence < sell.sequence)) return this.#buys.pop()!.sequence;
    if (sellDue) return this.#sells.pop()!.sequence;
    return -1 as Sequence;
  }

  /** Every waiting stop's sequence (for validation). */
  sequences(): Sequence[] {
    return [...this.#buys, ...this.#sells].map((stop) => stop.sequence);
  }
}

/** Where a stop goes (or is) in its side: the first entry that triggers after it. */
function position(
  side: readonly { sequence: Sequence; price: Units }[],
  sell: boolean,
  price: Units,
  sequence: Sequence,
): number {
  let low = 0;
  let high = side.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const other = side[middle]!;
    const later =
      other.price === price
        ? other.sequence > sequence
        : sell
          ? other.price < price
          : other.price > price;
    if (later) low = middle + 1;
    else high = middle;
  }
  return low;
}
