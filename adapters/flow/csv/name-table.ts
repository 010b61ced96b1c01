/**
 * Account and symbol names interned by their bytes: the fast path makes each distinct name's
 * string once. At most MAX_NAMES names are kept (bounded memory); any other is decoded each time.
 */
import { BytesTable, utf8Text } from '../../bytes-table.js';

const MAX_NAMES = 4096;

export class NameTable {
  readonly #names = new BytesTable();

  /** The text of `bytes[start, end)`. */
  text(bytes: Uint8Array, start: number, end: number): string {
    let entry = this.#names.find(bytes, start, end);
    if (entry < 0) {
      if (this.#names.size >= MAX_NAMES) return utf8Text(bytes, start, end);
      entry = this.#names.add(bytes, start, end, 0);
    }
    return this.#names.text(entry);
  }
}
