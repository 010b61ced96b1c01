/**
 * A set of small non-negative integers as a bitmap with summary layers above it: bit i of layer
 * k + 1 is set when word i of layer k is not zero. Adding and deleting touch a word per layer at
 * most; `previous` (the largest member at or below n) reads at most two words per layer, so
 * walking the members downwards costs O(log32 n) per member, whatever lies between them.
 */
export class LayeredBitset {
  #layers: Int32Array[] = [new Int32Array(1)];
  /** Words read by `previous` since creation (a query's cost, for tests). */
  reads = 0;
  /** Members in the set. */
  size = 0;

  add(member: number): void {
    const bottom = this.#layers[0]!;
    const at = member >>> 5;
    if (at < bottom.length) {
      const before = bottom[at]!;
      const bit = 1 << (member & 31);
      if ((before & bit) === 0) this.size++;
      bottom[at] = before | bit;
      if (before === 0) this.#mark(at, 1);
    } else {
      this.#grow(member);
      this.add(member);
    }
  }

  delete(member: number): void {
    const bottom = this.#layers[0]!;
    const at = member >>> 5;
    if (at >= bottom.length) return;
    const bit = 1 << (member & 31);
    if ((bottom[at]! & bit) !== 0) this.size--;
    const after = bottom[at]! & ~bit;
    bottom[at] = after;
    if (after === 0) this.#unmark(at, 1);
  }

  has(member: number): boolean {
    const words = this.#layers[0]!;
    return member < words.length * 32 && (words[member >>> 5]! & (1 << (member & 31))) !== 0;
  }

  /** The largest member at or below `at`, or -1. */
  previous(at: number): number {
    const layers = this.#layers;
    const top = layers.length - 1;
    let n = Math.min(at, layers[0]!.length * 32 - 1);
    let layer = 0;
    for (;;) {
      if (n < 0) return -1;
      this.reads++;
      const word = layers[layer]![n >>> 5]! & (0xffffffff >>> (31 - (n & 31)));
      if (word !== 0) {
        n = (n & ~31) | (31 - Math.clz32(word));
        break;
      }
      if (layer === top) return -1;
      n = (n >>> 5) - 1;
      layer++;
    }
    while (layer > 0) {
      layer--;
      this.reads++;
      n = n * 32 + 31 - Math.clz32(layers[layer]![n]!);
    }
    return n;
  }

  /** Sets bit `n` of `layer` and, where a word turns non-zero, the summary bits above. */
  #mark(n: number, layer: number): void {
    const layers = this.#layers;
    for (; layer < layers.length; layer++) {
      const words = layers[layer]!;
      const at = n >>> 5;
      const before = words[at]!;
      words[at] = before | (1 << (n & 31));
      if (before !== 0) return;
      n = at;
    }
  }

  /** Clears bit `n` of `layer` and, where a word turns zero, the summary bits above. */
  #unmark(n: number, layer: number): void {
    const layers = this.#layers;
    for (; layer < layers.length; layer++) {
      const words = layers[layer]!;
      const at = n >>> 5;
      const after = words[at]! & ~(1 << (n & 31));
      words[at] = after;
      if (after !== 0) return;
      n = at;
    }
  }

  /** Room for `member`: the bottom layer doubles until it fits, the summaries are rebuilt. */
  #grow(member: number): void {
    const bottom = this.#layers[0]!;
    let length = bottom.length;
    while (length * 32 <= member) length *= 2;
    const grown = new Int32Array(length);
    grown.set(bottom);
    const layers = [grown];
    for (let below = grown; below.length > 1;) {
      const above = new Int32Array(Math.ceil(below.length / 32));
      for (let i = 0; i < below.length; i++) if (below[i] !== 0) above[i >>> 5]! |= 1 << (i & 31);
      layers.push(above);
      below = above;
    }
    this.#layers = layers;
  }
}
