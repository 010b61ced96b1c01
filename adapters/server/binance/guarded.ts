import type { VenueListener } from '../../../src/index.js';

/**
 * The listener, made unable to throw into the venue: a venue listener runs inside a command, so
 * an exception would leave the command half done. A fault is reported and the event skipped.
 */
export function guarded(listener: VenueListener, onError: (error: unknown) => void): VenueListener {
  return (event) => {
    try {
      listener(event);
    } catch (error) {
      onError(error);
    }
  };
}
