import type { EventSink } from './http-types.js';
import type { LoggedEvent } from './stream-events.js';
import type { StreamLimits, StreamRequest } from './stream-hub.js';

/** What a stream needs of its hub. */
export interface StreamOwner {
  readonly epoch: number;
  readonly limits: StreamLimits;
  /** Queues the stream's pending text for the next write. */
  markDirty(stream: Stream): void;
}

/** One open stream: its position per symbol and the text waiting to be written. */
export class Stream {
  readonly positions: number[];
  #pending = '';
  #closed = false;

  constructor(
    private readonly hub: StreamOwner,
    private readonly request: StreamRequest,
    private readonly sink: EventSink,
    private readonly onClose: () => void,
  ) {
    this.positions = request.symbols.map(() => 0);
  }

  /** The SSE id: the hub's epoch, then each symbol's position in the stream's order. */
  id(): string {
    return `${this.hub.epoch}:${this.positions.join(',')}`;
  }

  offer(index: number, event: LoggedEvent): void {
    this.positions[index] = event.sequence;
    const { channels, account } = this.request;
    if (!channels.has(event.channel) || (event.account !== null && event.account !== account))
      return;
    this.queue(`id: ${this.id()}\n${event.text}`);
  }

  queue(text: string): void {
    if (this.#closed) return;
    this.#pending += text;
    if (this.#pending.length + this.sink.buffered() > this.hub.limits.maxQueued) return this.drop();
    this.hub.markDirty(this);
  }

  takePending(): string {
    const text = this.#pending;
    this.#pending = '';
    return text;
  }

  write(text: string): void {
    if (this.#closed || text === '') return;
    this.sink.write(text);
    if (this.sink.buffered() > this.hub.limits.maxQueued) this.drop();
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
    this.#pending = '';
    this.onClose();
  };
}
