/**
 * An Arrow flow's scenario ids numbered as the blocks are decoded (BlockDecoder), on the decoding
 * worker when there is one, so that the venue's thread finds a row's order by a number and never
 * hashes the id (NumberedKeys). A `new` row's id gets an entry, kept while it names an order (or
 * might); another row's id gets the entry of an id numbered before, or -1. The venue's thread
 * gives an entry back (`release`) after the block by whose end the id names no order; it is
 * forgotten only if no later block carries it, so that a row already numbered never sees its
 * entry given to another id. docs/flows.md, "Scenario ids", says why this is exact.
 */
import { BytesTable } from '../../bytes-table.js';
import { fresh, NO_ENTRY } from '../index.js';

export class IdNumbering {
  /** Id -> the last block that carried it. */
  readonly #table = new BytesTable();

  /**
   * The entry of the id `bytes[start, end)` of a row of `block` (id-entry.ts): a `new` row's id
   * not numbered yet is added, its entry marked fresh.
   */
  number(bytes: Uint8Array, start: number, end: number, isNew: boolean, block: number): number {
    const table = this.#table;
    const entry = table.find(bytes, start, end);
    if (entry >= 0) {
      table.values[entry] = block;
      return entry;
    }
    return isNew ? fresh(table.add(bytes, start, end, block)) : NO_ENTRY;
  }

  /** The entry names no order after `block`: forgotten unless a later block carries it. */
  release(entry: number, block: number): void {
    const table = this.#table;
    if (table.keyLength(entry) >= 0 && table.values[entry]! <= block) table.remove(entry);
  }

  get size(): number {
    return this.#table.size;
  }
}
