/**
 * Invariant 6's reference: the 24h ticker of one symbol over its trades in the window
 * (now - 24h < ts <= now), the last trade before it, and the last trade ever. The window is a
 * plain queue of trades; `running` keeps the figures up to date as trades enter and leave (exact
 * volume sum, a count of trades per price whose keys are rescanned when the high or low leaves),
 * `recomputed` derives them from scratch by walking the window.
 */
import { DAY_MS, type Instrument, type Ticker } from '../../../src/index.js';
import { fromUnits } from '../../units/units.js';

/** Prices and sizes in integer units; the volume, which may pass 2^53, as a bigint. */
/** How many formatted prices are kept. */
const PRICE_TEXTS = 64;

interface WindowTrade {
  readonly ts: number;
  readonly price: number;
  readonly size: bigint;
}

interface Figures {
  readonly open: number | null;
  readonly high: number | null;
  readonly low: number | null;
  readonly volume: bigint;
}

export class TickerModel {
  #window: WindowTrade[] = [];
  /** Index of the oldest trade still in the window. */
  #head = 0;
  #beforeWindow: number | null = null;
  #last: number | null = null;
  #volume = 0n;
  /** Price -> number of window trades at that price. */
  readonly #counts = new Map<number, number>();
  #high: number | null = null;
  #low: number | null = null;
  readonly #priceTexts = new Map<number, string>();

  constructor(readonly instrument: Instrument) {}

  record(ts: number, price: number, sizeUnits: number): void {
    const size = BigInt(sizeUnits);
    this.#window.push({ ts, price, size });
    this.#last = price;
    this.#volume += size;
    this.#counts.set(price, (this.#counts.get(price) ?? 0) + 1);
    if (this.#high === null || price > this.#high) this.#high = price;
    if (this.#low === null || price < this.#low) this.#low = price;
  }

  /** Lets the trades at or before now - 24h leave the window; returns how many left. */
  roll(now: number): number {
    const cutoff = now - DAY_MS;
    const window = this.#window;
    const start = this.#head;
    let extremeLeft = false;
    while (this.#head < window.length && window[this.#head]!.ts <= cutoff) {
      const { price, size } = window[this.#head++]!;
      this.#beforeWindow = price;
      this.#volume -= size;
      const count = this.#counts.get(price)! - 1;
      if (count > 0) this.#counts.set(price, count);
      else {
        this.#counts.delete(price);
        extremeLeft ||= price === this.#high || price === this.#low;
      }
    }
    if (extremeLeft) this.#rescanExtremes();
    if (this.#head > 1024 && this.#head * 2 > window.length) {
      this.#window = window.slice(this.#head);
      this.#head = 0;
    }
    return this.#head - start;
  }

  /** The ticker at `now` from the running figures (call `roll(now)` first). */
  running(now: number): Ticker {
    const first = this.#window[this.#head];
    return this.#ticker(now, {
      open: first === undefined ? this.#last : (this.#beforeWindow ?? first.price),
      high: first === undefined ? this.#last : this.#high,
      low: first === undefined ? this.#last : this.#low,
      volume: this.#volume,
    });
  }

  /** The ticker at `now` recomputed by walking the window. */
  recomputed(now: number): Ticker {
    this.roll(now);
    const first = this.#window[this.#head];
    if (first === undefined)
      return this.#ticker(now, { open: this.#last, high: this.#last, low: this.#last, volume: 0n });
    let [high, low, volume] = [first.price, first.price, 0n];
    for (let i = this.#head; i < this.#window.length; i++) {
      const trade = this.#window[i]!;
      if (trade.price > high) high = trade.price;
      if (trade.price < low) low = trade.price;
      volume += trade.size;
    }
    return this.#ticker(now, { open: this.#beforeWindow ?? first.price, high, low, volume });
  }

  #rescanExtremes(): void {
    this.#high = this.#low = null;
    for (const price of this.#counts.keys()) {
      if (this.#high === null || price > this.#high) this.#high = price;
      if (this.#low === null || price < this.#low) this.#low = price;
    }
  }

  /** A price as text; the few prices of a ticker are formatted once while they last. */
  #priceText(units: number): string {
    const texts = this.#priceTexts;
    let text = texts.get(units);
    if (text === undefined) {
      if (texts.size >= PRICE_TEXTS) texts.clear();
      text = fromUnits(BigInt(units), this.instrument.priceDecimals);
      texts.set(units, text);
    }
    return text;
  }

  #ticker(now: number, figures: Figures): Ticker {
    const { instrument } = this;
    const price = (units: number | null) =>
      units === null ? instrument.referencePrice : this.#priceText(units);
    return {
      symbol: instrument.symbol,
      price: price(this.#last),
      open24h: price(figures.open),
      high24h: price(figures.high),
      low24h: price(figures.low),
      volume24h: fromUnits(figures.volume, instrument.sizeDecimals),
      timestamp: now,
    };
  }
}
