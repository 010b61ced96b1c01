import type { HttpResponse } from './http-types.js';

/** How long a key's first response is kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

interface Entry {
  readonly fingerprint: string;
  readonly response: HttpResponse;
  readonly storedAt: number;
}

export type IdempotencyLookup =
  | { readonly kind: 'new' }
  | { readonly kind: 'replay'; readonly response: HttpResponse }
  | { readonly kind: 'conflict' };

/**
 * First responses by (API key, Idempotency-Key), kept 24h by the injected clock and at most
 * `capacity` of them: the oldest is forgotten first.
 */
export class IdempotencyStore {
  readonly #entries = new Map<string, Entry>();

  constructor(readonly capacity: number = 100_000) {}

  lookup(scope: string, fingerprint: string, now: number): IdempotencyLookup {
    const entry = this.#entries.get(scope);
    if (entry === undefined) return { kind: 'new' };
    if (now - entry.storedAt >= IDEMPOTENCY_TTL_MS) {
      this.#entries.delete(scope);
      return { kind: 'new' };
    }
    return entry.fingerprint === fingerprint
      ? { kind: 'replay', response: entry.response }
      : { kind: 'conflict' };
  }

  store(scope: string, fingerprint: string, response: HttpResponse, now: number): void {
    this.#entries.delete(scope);
    this.#entries.set(scope, { fingerprint, response, storedAt: now });
    this.#evictExpired(now);
    while (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Entries are in insertion order, so the expired ones are at the front. */
  #evictExpired(now: number): void {
    for (const [scope, entry] of this.#entries) {
      if (now - entry.storedAt < IDEMPOTENCY_TTL_MS) return;
      this.#entries.delete(scope);
    }
  }
}
