import { NumberQueue } from './number-queue.js';
import { DAY_MS, TradeWindow, type TradeSeries, type WindowFigures } from './trade-window.js';
import type { Units } from './quantities.js';

export { DAY_MS, type WindowFigures } from './trade-window.js';

/**
 * 24h figures of trades given as numbers (a feed's copy of a venue's tape): the trades of the
 * window in three queues, dropped as they leave it, so that memory is bounded by one day's trades.
 */
export class RollingStats implements TradeSeries {
  readonly #times = new NumberQueue();
  readonly #prices = new NumberQueue();
  readonly #sizes = new NumberQueue();
  readonly #window = new TradeWindow(this);

  get end(): number {
    return this.#times.end;
  }
  leftWindowAt(position: number, now: number): boolean {
    return this.#times.at(position) <= now - DAY_MS;
  }
  leftWindowByTrade(position: number, latest: number): boolean {
    const times = this.#times;
    return times.at(position) <= times.at(latest) - DAY_MS;
  }
  price(position: number): Units {
    return this.#prices.at(position) as Units;
  }
  size(position: number): Units {
    return this.#sizes.at(position) as Units;
  }

  /** Price units of the last trade, or null before the first. */
  get lastPrice(): Units | null {
    return this.#window.lastPrice;
  }

  record(timestamp: number, price: Units, size: Units): void {
    this.#times.push(timestamp);
    this.#prices.push(price);
    this.#sizes.push(size);
    this.#window.appended(this.#times.end - 1);
    this.#drop();
  }

  figures(now: number): WindowFigures {
    const figures = this.#window.figures(now);
    this.#drop();
    return figures;
  }

  /** Drops the trades that left the window. */
  #drop(): void {
    while (this.#times.start < this.#window.start) {
      this.#times.shift();
      this.#prices.shift();
      this.#sizes.shift();
    }
  }
}
