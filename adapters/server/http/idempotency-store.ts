import type { HttpResponse } from './http-types.js';

/** How long a key's first response is kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_IDEMPOTENCY_CAPACITY = 100_000;
export const DEFAULT_IDEMPOTENCY_MAX_BYTES = 64 * 1024 * 1024;
/** What an entry costs besides its strings: the map slot, the objects, the header strings. */
const ENTRY_OVERHEAD_BYTES = 256;

interface Entry {
  readonly fingerprint: string;
  readonly response: HttpResponse;
  readonly storedAt: number;
  readonly bytes: number;
}

/** Keys are scoped per account: the journal can name an account, never an API key (a secret). */
export function idempotencyScope(account: string, key: string): string {
  return `${account}:${key}`;
}

export type IdempotencyLookup =
  | { readonly kind: 'new' }
  | { readonly kind: 'replay'; readonly response: HttpResponse }
  | { readonly kind: 'conflict' };

/**
 * First responses by scope (account and Idempotency-Key), kept 24h by the injected clock, at most
 * `capacity` of them and at most `maxBytes` of them (two bytes a character, plus a fixed overhead
 * an entry): the oldest is forgotten first. The newest is always kept, whatever its size.
 */
export class IdempotencyStore {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  constructor(
    readonly capacity: number = DEFAULT_IDEMPOTENCY_CAPACITY,
    readonly maxBytes: number = DEFAULT_IDEMPOTENCY_MAX_BYTES,
  ) {}

  lookup(scope: string, fingerprint: string, now: number): IdempotencyLookup {
    const entry = this.#entries.get(scope);
    if (entry === undefined) return { kind: 'new' };
    if (now - entry.storedAt >= IDEMPOTENCY_TTL_MS) {
      this.#delete(scope, entry);
      return { kind: 'new' };
    }
    return entry.fingerprint === fingerprint
      ? { kind: 'replay', response: entry.response }
      : { kind: 'conflict' };
  }

  store(scope: string, fingerprint: string, response: HttpResponse, now: number): void {
    const previous = this.#entries.get(scope);
    if (previous !== undefined) this.#delete(scope, previous);
    const bytes =
      2 * (scope.length + fingerprint.length + response.body.length) + ENTRY_OVERHEAD_BYTES;
    this.#entries.set(scope, { fingerprint, response, storedAt: now, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      const over = this.#entries.size > this.capacity || this.#bytes > this.maxBytes;
      if (oldest === scope || (!over && now - entry.storedAt < IDEMPOTENCY_TTL_MS)) break;
      this.#delete(oldest, entry);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  /** What the entries kept are counted as, in bytes. */
  get bytes(): number {
    return this.#bytes;
  }

  #delete(scope: string, entry: Entry): void {
    this.#entries.delete(scope);
    this.#bytes -= entry.bytes;
  }
}
