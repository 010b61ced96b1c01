import { EventHub, type VenueEventType, type VenueListener } from './event-hub.js';
import { formatPrice, formatSize } from './instrument.js';
import type { NumericListener } from './numeric.js';
import { orderView } from './order-queries.js';
import { TradeView } from './trade.js';
import { SIDES } from './types.js';
import type { VenueCore } from './venue-core.js';

/**
 * The venue's subscribers to VenueEvents, fed from the core's numeric events while anyone
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

  /** Turns the core's numeric events into VenueEvents, building only what someone listens to. */
  readonly #bridge: NumericListener = {
    onTrade: (_trade, book, _price, _size, _maker, takerSequence) => {
      if (!this.#events.listening('trade')) return;
      const { store, trades, orders, books } = this.#core;
      // The trade is the taker's latest fill.
      const trade = store.lastFill[orders.slot(takerSequence)]!;
      const view = new TradeView(trades, trade, books[book]!.instrument, store.accounts);
      this.#events.emit({ type: 'trade', trade: view });
    },
    onOrder: (sequence) => {
      if (!this.#events.listening('order')) return;
      const order = orderView(this.#core, this.#core.orders.slot(sequence));
      this.#events.emit({ type: 'order', order });
    },
    onLevel: (book, side, priceTicks, totalLots, bookSequence) => {
      if (!this.#events.listening('book')) return;
      const instrument = this.#core.books[book]!.instrument;
      this.#events.emit({
        type: 'book',
        change: {
          symbol: instrument.symbol,
          side: SIDES[side]!,
          price: formatPrice(instrument, priceTicks * instrument.tickUnits),
          size: formatSize(instrument, totalLots * instrument.lotUnits),
          sequence: bookSequence,
        },
      });
    },
  };
}
