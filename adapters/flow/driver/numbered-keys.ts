/**
 * ScenarioIds' table when the feed numbers the ids (an Arrow flow's IdNumbering, which runs on
 * the decoding worker when there is one) and nothing reads them back: an id's entry comes with its
 * row (`rowEntry`), and this table keeps, by entry, the order sequence it names (-1: none now),
 * not the id. An entry that stopped naming an order is given back to the numbering
 * (`releaseDead`), which numbers the id afresh once no row it numbered carries the old entry
 * (docs/flows.md, "Scenario ids"). Every lookup is the current row's id: the feed gives no other.
 */
import { fresh, NO_ENTRY } from '../index.js';

export class NumberedKeys {
  /** By entry: the order sequence it names, -1 when none. */
  values = new Float64Array(1024).fill(-1);
  /** Where `encode` puts a string id's bytes: none. */
  readonly scratch = new Uint8Array(0);
  #rowEntry = NO_ENTRY;
  /** The current row bound its entry: it names no order (the entry given back was dead). */
  #rowFresh = false;
  /** Entries that named no order at some point since the last `releaseDead`. */
  readonly #dead: number[] = [];

  /** The entry of the row fed next (id-entry.ts: NO_ENTRY, an entry, or one marked fresh). */
  set rowEntry(entry: number) {
    this.#noteDead(this.#rowEntry);
    this.#rowFresh = entry < NO_ENTRY;
    if (this.#rowFresh) entry = fresh(entry);
    this.#rowEntry = entry;
    if (entry >= this.values.length) this.#grow(entry);
  }

  /** Hands each entry that names no order now, of those that did not at some point, to `release`. */
  releaseDead(release: (entry: number) => void): void {
    this.#noteDead(this.#rowEntry);
    this.#rowEntry = NO_ENTRY;
    const { values } = this;
    for (const entry of this.#dead) if (values[entry]! < 0) release(entry);
    this.#dead.length = 0;
  }

  /** The current row's entry if it names an order now, else -1. */
  find(_bytes: Uint8Array, _start: number, _end: number): number {
    const entry = this.#rowEntry;
    return entry >= 0 && !this.#rowFresh && this.values[entry]! >= 0 ? entry : NO_ENTRY;
  }

  /** Maps the current row's entry to `value`. */
  add(_bytes: Uint8Array, _start: number, _end: number, value: number): number {
    const entry = this.#rowEntry;
    if (entry < 0) throw new Error('a new order with an id the feed did not number');
    this.values[entry] = value;
    this.#rowFresh = false; // the row's next lookup (a backtest's displaced rest) finds it
    return entry;
  }

  remove(entry: number): void {
    this.values[entry] = -1;
    this.#dead.push(entry);
  }

  /** Keeps no text: no id is read back. */
  keepText(_entry: number, _text: string): void {}

  /** A string id as bytes: none, as no lookup reads them (the row's view keeps the text). */
  encode(_id: string): number {
    return 0;
  }

  #noteDead(entry: number): void {
    if (entry >= 0 && this.values[entry]! < 0) this.#dead.push(entry);
  }

  #grow(entry: number): void {
    let length = this.values.length;
    while (length <= entry) length *= 2;
    const values = new Float64Array(length).fill(-1);
    values.set(this.values);
    this.values = values;
  }
}
