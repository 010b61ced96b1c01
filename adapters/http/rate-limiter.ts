interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * A token bucket per API key: `ratePerSecond` tokens flow in each second up to `burst`; each
 * request takes one. A rate of 0 turns limiting off.
 */
export class RateLimiter {
  readonly #buckets = new Map<number, Bucket>();

  constructor(
    readonly ratePerSecond: number,
    readonly burst: number = ratePerSecond * 2,
  ) {}

  /** 0 when the request may go ahead, else the whole seconds to wait (at least 1). */
  take(keyIndex: number, now: number): number {
    if (this.ratePerSecond <= 0) return 0;
    let bucket = this.#buckets.get(keyIndex);
    if (bucket === undefined) {
      bucket = { tokens: this.burst, updatedAt: now };
      this.#buckets.set(keyIndex, bucket);
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
}
