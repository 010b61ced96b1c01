/**
 * Scenario order ids <-> the venue's orders, in bounded memory: an order is mapped while it is
 * live (resting, or a stop waiting), in a table of ids, and for a while after it became final (the
 * last `finalRetention` ones, as the venue retains them: FinalIds), so that a cancel of a recently
 * filled order is answered `order_not_open` as the venue would. Ids are kept by their bytes
 * (BytesTable), so a row read from a file's bytes is looked up without a string; a live order's id
 * entry is kept by its slot in the core's order store (a slot is not reused while its order is
 * live), so that the events' sequences find it without a lookup. An order final as soon as it is
 * placed never enters the table.
 */
import type { Sequence, Slot, VenueCore } from '../../../src/index.js';
import { BytesTable } from '../../bytes-table.js';
import { FinalIds } from './final-ids.js';
import type { ScenarioIdView } from './scenario-id-view.js';

export class ScenarioIds {
  /** Id -> order sequence: the live orders. */
  readonly #table = new BytesTable();
  /** By order store slot: the id entry + 1 of the live row order there, or 0. */
  #liveEntries = new Int32Array(1024);
  readonly #final: FinalIds;

  constructor(
    private readonly core: VenueCore,
    readonly finalRetention: number,
  ) {
    this.#final = new FinalIds(Math.max(1, finalRetention));
  }

  /** The entry of the live order with the id `bytes[start, end)`, -1 when none. */
  findLive(bytes: Uint8Array, start: number, end: number): number {
    return this.#table.find(bytes, start, end);
  }

  /**
   * The sequence of the order the id `bytes[start, end)` names now, live or recently final, -1
   * when none; `live` the answer of `findLive` just before, for these bytes.
   */
  sequenceOf(live: number, bytes: Uint8Array, start: number, end: number): number {
    if (live >= 0) return this.#table.values[live]!;
    const index = this.#final.find(bytes, start, end);
    return index < 0 ? -1 : this.#final.sequenceOf(index);
  }

  /** `sequenceOf` a string id. */
  sequenceOfText(scenarioId: string): number {
    const length = this.#table.encode(scenarioId);
    const bytes = this.#table.scratch;
    return this.sequenceOf(this.#table.find(bytes, 0, length), bytes, 0, length);
  }

  /** Writes a string id's UTF-8 bytes at the start of `scratch`; returns their length. */
  encode(scenarioId: string): number {
    return this.#table.encode(scenarioId);
  }

  /** The bytes `encode` wrote (valid until the next `encode` or `sequenceOfText`). */
  get scratch(): Uint8Array {
    return this.#table.scratch;
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

  /** Points `view` at the id of the live order's `entry`. */
  view(entry: number, view: ScenarioIdView): void {
    const table = this.#table;
    const start = table.keyStart(entry);
    view.set(table.arena, start, start + table.keyLength(entry), table.decodedText(entry));
  }

  get liveCount(): number {
    return this.#table.size;
  }

  /** The live orders' sequences and scenario ids, oldest first. */
  live(): [Sequence, string][] {
    const { store } = this.core;
    const live: [Sequence, string][] = [];
    this.#liveEntries.forEach((entry, slot) => {
      if (entry > 0) live.push([store.sequence(slot as Slot), this.#table.text(entry - 1)]);
    });
    return live.sort(([a], [b]) => a - b);
  }

  /**
   * The new order `sequence`, at `slot`, with the id `bytes[start, end)` (which names no live
   * order: `findLive` gave -1 last, for these bytes: BytesTable.add), is live (rests on the book, or waits for its
   * trigger); `text` the id when decoded already. Returns its entry.
   */
  rested(
    bytes: Uint8Array,
    start: number,
    end: number,
    text: string | undefined,
    sequence: Sequence,
    slot: Slot,
  ): number {
    const entry = this.#table.add(bytes, start, end, sequence);
    if (text !== undefined) this.#table.keepText(entry, text);
    if (slot >= this.#liveEntries.length) {
      const bigger = new Int32Array(Math.max(slot + 1, this.#liveEntries.length * 2));
      bigger.set(this.#liveEntries);
      this.#liveEntries = bigger;
    }
    this.#liveEntries[slot] = entry + 1;
    return entry;
  }

  /**
   * The new order `sequence` with the id `bytes[start, end)` was final when placed: remembered for
   * a while.
   */
  placedFinal(
    bytes: Uint8Array,
    start: number,
    end: number,
    text: string | undefined,
    sequence: Sequence,
  ): void {
    this.#final.push(bytes, start, end, sequence, text);
  }

  /** The live order of `entry`, at `slot`, reached a final status: no longer live, remembered for a while. */
  finalized(entry: number, slot: Slot): void {
    const table = this.#table;
    const start = table.keyStart(entry);
    const end = start + table.keyLength(entry);
    const sequence = table.values[entry]! as Sequence;
    this.#final.push(table.arena, start, end, sequence, table.decodedText(entry));
    this.#liveEntries[slot] = 0;
    table.remove(entry);
  }
}
