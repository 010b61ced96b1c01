interface Bucket {
  tokens: number;
  updatedAt: number;
}

export interface RateLimiterOptions {
  /** Tokens a bucket holds at most; default twice the rate. */
  readonly burst?: number;
  /** Buckets kept at most; the oldest is forgotten first (and starts full again). Default: no cap. */
  readonly capacity?: number;
}

/**
 * A token bucket per key (an API key's index, a remote address): `ratePerSecond` tokens flow in
 * each second up to `burst`; each request takes one. A rate of 0 turns limiting off.
 */
export class RateLimiter<Key> {
  readonly #buckets = new Map<Key, Bucket>();
  readonly burst: number;
  readonly #capacity: number;

  constructor(
    readonly ratePerSecond: number,
    options: RateLimiterOptions = {},
  ) {
    this.burst = options.burst ?? ratePerSecond * 2;
    this.#capacity = options.capacity ?? Infinity;
    if (ratePerSecond > 0 && !(this.burst >= 1))
      throw new RangeError('a burst below one token would refuse every request');
  }

  /** 0 when the request may go ahead, else the whole seconds to wait (at least 1). */
  take(key: Key, now: number): number {
    if (this.ratePerSecond <= 0) return 0;
    let bucket = this.#buckets.get(key);
    if (bucket === undefined) {
      if (this.#buckets.size >= this.#capacity)
        this.#buckets.delete(this.#buckets.keys().next().value!);
      bucket = { tokens: this.burst, updatedAt: now };
      this.#buckets.set(key, bucket);
    }
    const elapsed = Math.max(0, now - bucket.updatedAt);
    bucket.tokens = Math.min(this.burst, bucket.tokens + (elapsed * this.ratePerSecond) / 1000);
    bucket.updatedAt = Math.max(bucket.updatedAt, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.ratePerSecond));
  }

  /**
   * The `RateLimit-*` headers of the key's bucket as the last `take` left it (IETF draft
   * semantics): the burst, the whole requests left, the whole seconds until the bucket is full.
   * None when limiting is off.
   */
  headers(key: Key): Readonly<Record<string, string>> | undefined {
    const bucket = this.#buckets.get(key);
    if (this.ratePerSecond <= 0 || bucket === undefined) return undefined;
    return {
      'ratelimit-limit': String(Math.floor(this.burst)),
      'ratelimit-remaining': String(Math.floor(bucket.tokens)),
      'ratelimit-reset': String(Math.ceil((this.burst - bucket.tokens) / this.ratePerSecond)),
    };
  }
}
