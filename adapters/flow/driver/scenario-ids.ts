/**
 * Scenario order ids <-> the venue's orders, in bounded memory: an order is mapped while it is
 * live (resting, or a stop waiting), and for a while after it became final (the last
 * `finalRetention` ones, as the venue retains them), so that a cancel of a recently filled order
 * is answered `order_not_open` as the venue would. Ids are kept by their bytes (BytesTable), so a
 * row read from a file's bytes is looked up without a string, or, for a feed that numbers them and
 * a driver that reads none back, by their numbers (NumberedKeys); a live order's id entry is kept by
 * its slot in the core's order store (a slot is not reused while its order is live), so that the
 * events' sequences find it without a lookup.
 */
import type { Sequence, Slot, VenueCore } from '../../../src/index.js';
import { BytesTable, type SharedArenas } from '../../bytes-table.js';
import { NumberedKeys } from './numbered-keys.js';
import type { ScenarioIdView } from './scenario-id-view.js';

export class ScenarioIds {
  /**
   * Id -> order sequence: live orders and the last `finalRetention` final ones; by their bytes, or
   * by the entries a feed numbered them with (`numbered`).
   */
  #table: BytesTable | NumberedKeys = new BytesTable();
  /** The table while it keeps the ids' bytes (not numbered): what views read. */
  #keyedTable: BytesTable | null = this.#table as BytesTable;
  /** By order store slot: the id entry + 1 of the live row order there, or 0. */
  #liveEntries = new Int32Array(1024);
  #liveCount = 0;
  /** The last `finalRetention` (at least 1) final orders, a ring; `#next` is the oldest's slot. */
  readonly #finalEntries: Int32Array;
  readonly #finalSequences: Float64Array;
  #next = 0;

  constructor(
    private readonly core: VenueCore,
    readonly finalRetention: number,
  ) {
    this.#finalEntries = new Int32Array(finalRetention).fill(-1);
    this.#finalSequences = new Float64Array(finalRetention);
  }

  /** The entry of the id `bytes[start, end)`, -1 when it names no order now. */
  find(bytes: Uint8Array, start: number, end: number): number {
    return this.#table.find(bytes, start, end);
  }

  /** The entry of a string id, -1 when it names no order now. */
  findText(scenarioId: string): number {
    const length = this.#table.encode(scenarioId);
    return this.#table.find(this.#table.scratch, 0, length);
  }

  /** Writes a string id's UTF-8 bytes at the start of `scratch`; returns their length. */
  encode(scenarioId: string): number {
    return this.#table.encode(scenarioId);
  }

  /** The bytes `encode` wrote (valid until the next `encode` or `findText`). */
  get scratch(): Uint8Array {
    return this.#table.scratch;
  }

  /** The order sequence an entry names now, live or recently final. */
  sequenceOf(entry: number): Sequence {
    return this.#table.values[entry]! as Sequence;
  }

  /** Whether the entry (-1: none) names an order still live. */
  isLive(entry: number): boolean {
    if (entry < 0) return false;
    const slot = this.core.orders.slot(this.#table.values[entry]! as Sequence);
    return slot >= 0 && this.liveEntry(slot) === entry;
  }

  /** The id entry of the live order at `slot`; -1 when it is not a live row's order. */
  liveEntry(slot: Slot): number {
    return slot >= this.#liveEntries.length ? -1 : this.#liveEntries[slot]! - 1;
  }

  /** Points `view` at the id of the live order at `slot`; false (view unknown) when it has none. */
  viewLive(slot: Slot, view: ScenarioIdView): boolean {
    const entry = this.liveEntry(slot);
    if (entry < 0) {
      view.clear();
      return false;
    }
    this.view(entry, view);
    return true;
  }

  /** Points `view` at the id of `entry`. */
  view(entry: number, view: ScenarioIdView): void {
    const table = this.#keyed();
    const start = table.keyStart(entry);
    view.set(table.arena, start, start + table.keyLength(entry), table.decodedText(entry));
  }

  /**
   * From now on, the ids' bytes are kept in the arenas `arenas` gives, which another thread reads
   * at the views' offsets; and a new row's id is there before it is mapped (`viewNew`). Before the
   * first id is mapped.
   */
  shareArenas(arenas: SharedArenas): void {
    this.#keyed().shareArenas(arenas);
  }

  /**
   * With the arenas shared, points `view` at the id `bytes[start, end)` of a new row that `find`
   * gave `entry` (its next step is its `map`, if the core takes it) in the table's arena, where
   * its `map` keeps it.
   */
  viewNew(
    entry: number,
    bytes: Uint8Array,
    start: number,
    end: number,
    view: ScenarioIdView,
    text: string | undefined,
  ): void {
    if (entry >= 0) return this.view(entry, view);
    const table = this.#keyed();
    const at = table.stage(bytes, start, end);
    view.set(table.arena, at, at + end - start, text);
  }

  /**
   * From now on, the ids are known by the entries the feed numbers them with, each row's given
   * before the row, and not read back (NumberedKeys: no view, no `live`); null when ids are
   * mapped already (the feed finds them by their bytes then).
   */
  numbered(): NumberedKeys | null {
    if (this.#keyedTable === null) throw new Error('the ids are numbered already');
    if (this.#keyedTable.size > 0) return null;
    this.#keyedTable = null;
    return (this.#table = new NumberedKeys());
  }

  /** The table, which keeps the ids' bytes. */
  #keyed(): BytesTable {
    if (this.#keyedTable === null) throw new Error('the ids were numbered, not kept');
    return this.#keyedTable;
  }

  get liveCount(): number {
    return this.#liveCount;
  }

  /** The live orders' sequences and scenario ids, oldest first. */
  live(): [Sequence, string][] {
    const { store } = this.core;
    const table = this.#keyed();
    const live: [Sequence, string][] = [];
    this.#liveEntries.forEach((entry, slot) => {
      if (entry > 0) live.push([store.sequence(slot as Slot), table.text(entry - 1)]);
    });
    return live.sort(([a], [b]) => a - b);
  }

  /**
   * Maps the id `bytes[start, end)` (its entry, or -1 when it names no order now) to the new
   * order `sequence`; returns its entry.
   */
  map(entry: number, bytes: Uint8Array, start: number, end: number, sequence: Sequence): number {
    if (entry < 0) return this.#table.add(bytes, start, end, sequence);
    this.#table.values[entry] = sequence;
    return entry;
  }

  /** The id of `entry` is `text` (when the caller decoded it already). */
  keepText(entry: number, text: string): void {
    this.#table.keepText(entry, text);
  }

  /** The order mapped to `entry`, at `slot`, is live (rests on the book, or waits for its trigger). */
  rested(entry: number, slot: Slot): void {
    if (slot >= this.#liveEntries.length) {
      const bigger = new Int32Array(Math.max(slot + 1, this.#liveEntries.length * 2));
      bigger.set(this.#liveEntries);
      this.#liveEntries = bigger;
    }
    this.#liveEntries[slot] = entry + 1;
    this.#liveCount++;
  }

  /**
   * The order mapped to `entry`, at `slot`, reached a final status: no longer live, remembered for
   * a while.
   */
  finalized(entry: number, slot: Slot): void {
    const sequence = this.#table.values[entry]!;
    if (slot < this.#liveEntries.length && this.#liveEntries[slot]! > 0) {
      this.#liveEntries[slot] = 0;
      this.#liveCount--;
    }
    const next = this.#next;
    const forgotten = this.#finalEntries[next]!;
    // the id may name a newer order since, which keeps it
    if (forgotten >= 0 && this.#table.values[forgotten] === this.#finalSequences[next])
      this.#table.remove(forgotten);
    this.#finalEntries[next] = entry;
    this.#finalSequences[next] = sequence;
    this.#next = next + 1 === this.finalRetention ? 0 : next + 1;
  }
}
