import type { BatchEntry } from './stream-batch.js';
import type { Stream } from './stream-connection.js';
import type { Channel } from './stream-events.js';

/** The text a group's streams share for one flush, and where each batch entry's text starts. */
export interface GroupText {
  readonly text: string;
  /** `offsets[k]`: the text's length before entry k; `offsets[entries.length]`: its whole length. */
  readonly offsets: readonly number[];
}

/** The key of the streams that see the same market data: the same symbols, in order, and channels. */
export function groupKey(symbols: readonly string[], channels: ReadonlySet<Channel>): string {
  return `${symbols.join(',')} ${[...channels].sort().join(',')}`;
}

/**
 * The streams of one key. Their positions are the same once open (each symbol's latest sequence),
 * so their market data, ids included, is one text per flush; an account's order updates are
 * handed to that account's streams only, at their place in the text.
 */
export class StreamGroup {
  readonly streams = new Set<Stream>();
  readonly #accounts = new Map<string, Set<Stream>>();
  readonly #index: ReadonlyMap<string, number>;

  constructor(
    readonly symbols: readonly string[],
    readonly channels: ReadonlySet<Channel>,
  ) {
    this.#index = new Map(symbols.map((symbol, index) => [symbol, index]));
  }

  add(stream: Stream): void {
    this.streams.add(stream);
    const { account } = stream.request;
    const ofAccount = this.#accounts.get(account) ?? new Set();
    this.#accounts.set(account, ofAccount.add(stream));
  }

  delete(stream: Stream): void {
    this.streams.delete(stream);
    const ofAccount = this.#accounts.get(stream.request.account);
    ofAccount?.delete(stream);
    if (ofAccount?.size === 0) this.#accounts.delete(stream.request.account);
  }

  /**
   * The batch as this group's streams see it. `before(symbol)` is each symbol's sequence before
   * the batch. Order updates go to their account's streams that had joined by then.
   */
  text(
    entries: readonly BatchEntry[],
    epoch: number,
    before: (symbol: string) => number,
  ): GroupText {
    const positions = this.symbols.map(before);
    const offsets: number[] = [];
    let text = '';
    entries.forEach((entry, k) => {
      offsets.push(text.length);
      const index = this.#index.get(entry.symbol);
      if (index === undefined) return;
      const { logged } = entry;
      positions[index] = logged.sequence;
      if (entry.superseded || logged.text === null || !this.channels.has(logged.channel)) return;
      const event = `id: ${epoch}:${positions.join(',')}\n${logged.text}`;
      if (logged.account === null) text += event;
      else
        for (const stream of this.#accounts.get(logged.account) ?? [])
          if (stream.joinedAt <= k) stream.insert(text.length, event);
    });
    offsets.push(text.length);
    return { text, offsets };
  }
}
