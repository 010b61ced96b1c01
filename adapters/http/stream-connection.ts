import type { EventSink } from './http-types.js';
import type { GroupText } from './stream-group.js';
import type { StreamLimits, StreamRequest } from './stream-hub.js';

/**
 * One open stream. Most flushes write it its group's shared text; what is its own (its opening
 * snapshots or resumed events, its account's order updates) is woven in when there is some.
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
    private readonly limits: StreamLimits,
    readonly request: StreamRequest,
    private readonly sink: EventSink,
    private readonly onClose: () => void,
  ) {}

  open(text: string, joinedAt: number): void {
    this.#opening += text;
    this.joinedAt = joinedAt;
  }

  insert(offset: number, text: string): void {
    this.#inserts.push([offset, text]);
  }

  /** What this flush writes to the stream: the group's shared bytes unless it has its own events. */
  take(group: GroupText, shared: () => Buffer): string | Buffer {
    if (this.#opening === '' && this.#inserts.length === 0 && this.joinedAt === 0)
      return group.text === '' ? '' : shared();
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

  /** Writes unless that would leave more than the bound waiting: then the stream is dropped. */
  write(chunk: string | Buffer): void {
    if (this.#closed || chunk.length === 0) return;
    if (this.sink.buffered() + chunk.length > this.limits.maxQueued) return this.drop();
    this.sink.write(chunk);
  }

  /** A slow consumer: its connection is cut (it resumes with Last-Event-ID). */
  drop(): void {
    if (this.#closed) return;
    this.close();
    this.sink.destroy();
  }

  end(): void {
    if (this.#closed) return;
    this.close();
    this.sink.end();
  }

  readonly close = (): void => {
    if (this.#closed) return;
    this.#closed = true;
    this.#opening = '';
    this.#inserts = [];
    this.onClose();
  };
}
