/**
 * A flow's batches kept as they are read, so that a worker's first combination runs while the flow
 * is still being parsed and every later one replays them from memory. One reader at a time (a
 * worker runs one combination at a time). A read error is kept: it ends every later read.
 */
export class FlowTape<T> {
  readonly #kept: T[] = [];
  readonly #source: AsyncIterator<T>;
  #ended = false;
  #failure: { readonly error: unknown } | null = null;

  constructor(source: AsyncIterable<T>) {
    this.#source = source[Symbol.asyncIterator]();
  }

  /** Every batch from the first: those kept, then those read from the source on demand. */
  async *replay(): AsyncGenerator<T, undefined> {
    for (let index = 0; index < this.#kept.length || (await this.#readOne()); index++)
      yield this.#kept[index]!;
    return undefined;
  }

  /** Reads what is left of the source: every batch, or the source's error thrown. */
  async complete(): Promise<readonly T[]> {
    while (await this.#readOne());
    return this.#kept;
  }

  async #readOne(): Promise<boolean> {
    if (this.#failure !== null) throw this.#failure.error;
    if (this.#ended) return false;
    let next: IteratorResult<T>;
    try {
      next = await this.#source.next();
    } catch (error) {
      this.#failure = { error };
      throw error;
    }
    if (next.done === true) this.#ended = true;
    else this.#kept.push(next.value);
    return !this.#ended;
  }
}
