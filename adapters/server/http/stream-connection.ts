import type { GroupText } from './stream-group.js';
import type { StreamRequest } from './stream-hub.js';

/**
 * One open stream, as the venue's process keeps it (its socket is the fan-out process's). Most
 * flushes give it its group's shared text; what is its own (its opening snapshots or resumed
 * events, its account's order updates) is woven in when there is some.
 */
export class Stream {
  /** The batch entry it joined at: entries before it are covered by its opening text. */
  joinedAt = 0;
  /** Its own text to write first: snapshots or resumed events. */
  #opening = '';
  /** Its account's events of this flush: [offset in the group's text, text]. */
  #inserts: Array<readonly [number, string]> = [];
  #closed = false;

  constructor(
    readonly id: number,
    readonly request: StreamRequest,
    private readonly onClose: () => void,
  ) {}

  open(text: string, joinedAt: number): void {
    this.#opening += text;
    this.joinedAt = joinedAt;
  }

  insert(offset: number, text: string): void {
    this.#inserts.push([offset, text]);
  }

  /** This flush's text for the stream alone, or undefined when it gets the group's shared text. */
  take(group: GroupText): string | undefined {
    if (this.#opening === '' && this.#inserts.length === 0 && this.joinedAt === 0) return undefined;
    let cursor = group.offsets[this.joinedAt]!;
    let text = this.#opening;
    for (const [offset, event] of this.#inserts) {
      text += group.text.slice(cursor, offset) + event;
      cursor = offset;
    }
    text += group.text.slice(cursor);
    this.#opening = '';
    this.#inserts = [];
    this.joinedAt = 0;
    return text;
  }

  readonly close = (): void => {
    if (this.#closed) return;
    this.#closed = true;
    this.#opening = '';
    this.#inserts = [];
    this.onClose();
  };
}
