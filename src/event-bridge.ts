import { EventHub, type VenueEventType, type VenueListener } from './event-hub.js';
import { formatPrice, formatSize } from './instrument.js';
import { orderRecord, tradeRecord } from './event-records.js';
import type { CoreListener } from './events.js';
import { SIDES } from './types.js';
import type { VenueCore } from './venue-core.js';

/**
 * The venue's subscribers to VenueEvents, fed from the core's events while anyone
 * subscribes; an event is built only when someone listens to its type.
 */
export class EventBridge {
  readonly #core: VenueCore;
  readonly #events = new EventHub();
  /** Stops the core feeding `#events`; set while anyone subscribes. */
  #unbridge: (() => void) | undefined;

  constructor(core: VenueCore) {
    this.#core = core;
  }

  subscribe(listener: VenueListener, types?: readonly VenueEventType[]): () => void {
    const unsubscribe = this.#events.subscribe(listener, types);
    this.#unbridge ??= this.#core.listen(this.#bridge);
    return () => {
      unsubscribe();
      if (!this.#events.listeningToAny()) {
        this.#unbridge?.();
        this.#unbridge = undefined;
      }
    };
  }

  /** Turns the core's events into VenueEvents, building only what someone listens to. */
  readonly #bridge: CoreListener = {
    onTrade: (trade) => {
      if (!this.#events.listening('trade')) return;
      this.#events.emit({ type: 'trade', trade: tradeRecord(this.#core, trade) });
    },
    onOrder: (order) => {
      if (!this.#events.listening('order')) return;
      this.#events.emit({ type: 'order', order: orderRecord(this.#core, order) });
    },
    onLevel: (level) => {
      if (!this.#events.listening('book')) return;
      const instrument = this.#core.books[level.book]!.instrument;
      this.#events.emit({
        type: 'book',
        change: {
          symbol: instrument.symbol,
          side: SIDES[level.side]!,
          price: formatPrice(instrument, level.price),
          size: formatSize(instrument, level.total),
          sequence: level.bookSequence,
        },
      });
    },
  };
}
