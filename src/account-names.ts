/** Account names interned as small integers, so that the column stores hold 4-byte ids. */
export class AccountNames {
  readonly #ids = new Map<string, number>();
  readonly #names: string[] = [];

  id(name: string): number {
    let id = this.#ids.get(name);
    if (id === undefined) {
      id = this.#names.length;
      this.#names.push(name);
      this.#ids.set(name, id);
    }
    return id;
  }

  /** The id of a known name, or -1 (does not intern). */
  find(name: string): number {
    return this.#ids.get(name) ?? -1;
  }

  get count(): number {
    return this.#names.length;
  }

  /** Forgets the names interned since there were `count` (their ids, `count` and above). */
  truncate(count: number): void {
    while (this.#names.length > count) this.#ids.delete(this.#names.pop()!);
  }

  name(id: number): string {
    return this.#names[id]!;
  }
}
