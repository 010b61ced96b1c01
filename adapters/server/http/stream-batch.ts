import type { VenueEvent } from '../../../src/index.js';
import type { LoggedEvent } from './stream-events.js';

/** One event of the batch: its symbol, and whether a later change of its book level replaces it. */
export interface BatchEntry {
  readonly symbol: string;
  readonly logged: LoggedEvent;
  superseded: boolean;
}

/**
 * The events gathered since the last flush, in the venue's order. A book level that changes again
 * within the batch keeps only its last change: the earlier ones are marked superseded (the last
 * size is the level's total, so a client that applies only it ends with the same book).
 */
export class EventBatch {
  #entries: BatchEntry[] = [];
  #levels = new Map<string, BatchEntry>();
  #chars = 0;

  get length(): number {
    return this.#entries.length;
  }

  /** Characters of the batch's event text (superseded changes included). */
  get chars(): number {
    return this.#chars;
  }

  add(symbol: string, logged: LoggedEvent, event: VenueEvent): void {
    const entry: BatchEntry = { symbol, logged, superseded: false };
    this.#entries.push(entry);
    this.#chars += logged.text?.length ?? 0;
    if (event.type !== 'book') return;
    const { side, price } = event.change;
    const level = `${symbol} ${side} ${price}`;
    const previous = this.#levels.get(level);
    if (previous !== undefined) previous.superseded = true;
    this.#levels.set(level, entry);
  }

  /** Empties the batch; answers its entries. */
  take(): readonly BatchEntry[] {
    const entries = this.#entries;
    this.#entries = [];
    this.#levels.clear();
    this.#chars = 0;
    return entries;
  }
}
