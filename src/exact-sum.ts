/** A running sum of safe integers that stays exact past 2^53 (BigInt only when it gets there). */
export class ExactSum {
  #small = 0;
  #big = 0n;

  add(value: number): void {
    if (this.#small > Number.MAX_SAFE_INTEGER - value) {
      this.#big += BigInt(this.#small);
      this.#small = 0;
    }
    this.#small += value;
  }

  subtract(value: number): void {
    if (this.#small < value) {
      this.#big += BigInt(this.#small) - BigInt(value);
      this.#small = 0;
    } else {
      this.#small -= value;
    }
  }

  value(): number | bigint {
    return this.#big === 0n ? this.#small : this.#big + BigInt(this.#small);
  }
}
