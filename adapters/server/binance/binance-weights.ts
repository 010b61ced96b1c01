import { tooMuchWeight, type BinanceError } from './binance-errors.js';

/** Binance's default request weight per minute and address. */
export const DEFAULT_WEIGHT_LIMIT = 6_000;
/** Addresses counted at most; the oldest is forgotten first (bounded memory). */
const TRACKED = 10_000;
const MINUTE = 60_000;

/**
 * Request weight per remote address and clock minute, as Binance counts it: every answer tells
 * the weight used (`X-MBX-USED-WEIGHT-1M`); a request that would go over the limit is refused
 * with 429 and `Retry-After` (the seconds until the minute ends) and counts nothing.
 */
export class RequestWeights {
  readonly #used = new Map<string, { minute: number; weight: number }>();

  constructor(readonly limit: number = DEFAULT_WEIGHT_LIMIT) {}

  /** Adds `weight` to the address's minute; the refusal when over the limit. */
  take(address: string, weight: number, now: number): BinanceError | undefined {
    const minute = Math.floor(now / MINUTE);
    let entry = this.#used.get(address);
    if (entry === undefined || entry.minute !== minute) {
      this.#used.delete(address);
      if (this.#used.size >= TRACKED) this.#used.delete(this.#used.keys().next().value!);
      entry = { minute, weight: 0 };
      this.#used.set(address, entry);
    }
    if (entry.weight + weight > this.limit) {
      return tooMuchWeight(
        this.limit,
        Math.max(1, Math.ceil(((minute + 1) * MINUTE - now) / 1000)),
      );
    }
    entry.weight += weight;
    return undefined;
  }

  used(address: string, now: number): number {
    const entry = this.#used.get(address);
    return entry === undefined || entry.minute !== Math.floor(now / MINUTE) ? 0 : entry.weight;
  }
}
