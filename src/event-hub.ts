import type { VenueEvent } from './types.js';

export type VenueListener = (event: VenueEvent) => void;

/**
 * The venue's subscribers. Events reach them synchronously, in order; a listener that issues a
 * command would re-enter one half done, so commands refuse to run while an event is dispatched.
 */
export class EventHub {
  readonly #listeners: VenueListener[] = [];
  #dispatching = false;

  /** Whether anyone listens (events are only built when someone does). */
  get listening(): boolean {
    return this.#listeners.length > 0;
  }

  subscribe(listener: VenueListener): () => void {
    this.#listeners.push(listener);
    return () => {
      const index = this.#listeners.indexOf(listener);
      if (index >= 0) this.#listeners.splice(index, 1);
    };
  }

  emit(event: VenueEvent): void {
    this.#dispatching = true;
    try {
      for (const listener of this.#listeners) listener(event);
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
