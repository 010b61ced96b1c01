import type { VenueEvent } from './types.js';

export type VenueListener = (event: VenueEvent) => void;

export type VenueEventType = VenueEvent['type'];

const ALL_TYPES: readonly VenueEventType[] = ['trade', 'order', 'book'];

/**
 * The venue's subscribers. Events reach them synchronously, in order; a listener that issues a
 * command would re-enter one half done, so commands refuse to run while an event is dispatched.
 */
export class EventHub {
  readonly #listeners: Record<VenueEventType, VenueListener[]> = { trade: [], order: [], book: [] };
  #dispatching = false;

  /** Whether anyone listens to events of this type (they are only built when someone does). */
  listening(type: VenueEventType): boolean {
    return this.#listeners[type].length > 0;
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
    this.#dispatching = true;
    try {
      for (const listener of this.#listeners[event.type]) listener(event);
    } finally {
      this.#dispatching = false;
    }
  }

  /** Throws (a caller's bug) when called from inside a listener. */
  assertNotDispatching(): void {
    if (this.#dispatching) {
      throw new Error('venue commands cannot be issued from inside an event listener');
    }
  }
}
