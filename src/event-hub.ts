import type { VenueEvent } from './types.js';

export type VenueListener = (event: VenueEvent) => void;

export type VenueEventType = VenueEvent['type'];

const ALL_TYPES: readonly VenueEventType[] = ['trade', 'order', 'book'];

/**
 * The venue's subscribers to VenueEvents. Events reach them synchronously, in order (the core
 * refuses commands while it dispatches, so a listener cannot re-enter a command half done).
 */
export class EventHub {
  readonly #listeners: Record<VenueEventType, VenueListener[]> = { trade: [], order: [], book: [] };

  /** Whether anyone listens to events of this type (they are only built when someone does). */
  listening(type: VenueEventType): boolean {
    return this.#listeners[type].length > 0;
  }

  listeningToAny(): boolean {
    return ALL_TYPES.some((type) => this.listening(type));
  }

  /** Subscribes to the given types of event (default: all); returns the unsubscribe function. */
  subscribe(listener: VenueListener, types: readonly VenueEventType[] = ALL_TYPES): () => void {
    for (const type of types) this.#listeners[type].push(listener);
    return () => {
      for (const type of types) {
        const listeners = this.#listeners[type];
        const index = listeners.indexOf(listener);
        if (index >= 0) listeners.splice(index, 1);
      }
    };
  }

  emit(event: VenueEvent): void {
    for (const listener of this.#listeners[event.type]) listener(event);
  }
}
