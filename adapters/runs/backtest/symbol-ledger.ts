/**
 * The strategy's exact accounting in one symbol: position, first-in-first-out lots, realized PnL,
 * fees, counts and volumes. Money is bigint units of 10^-moneyScale in the quote currency; sizes
 * are bigint lots of 10^-sizeDecimals; prices bigint units of 10^-priceDecimals.
 */
import { formatPrice, type Instrument, type Side } from '../../../src/index.js';
import { fromUnits, pow10, toUnits } from '../../units/units.js';
import { formatQuotient, type FeeRate } from './money.js';
import type { Position } from './strategy.js';

/** Extra decimals of the average entry price beyond the tick's. */
export const AVERAGE_ENTRY_EXTRA_DECIMALS = 4;

/** The last trade price in price units, null before the first (a book's `stats`, a replica's). */
export interface MarkSource {
  readonly lastPrice: number | null;
}

export interface FeeSchedule {
  readonly maker: FeeRate;
  readonly taker: FeeRate;
}

export class SymbolLedger {
  readonly quote: string;
  position = 0n;
  realized = 0n;
  fees = 0n;
  orders = 0;
  makerFills = 0;
  takerFills = 0;
  makerVolume = 0n;
  takerVolume = 0n;
  tradedSize = 0n;
  /** The last fill's price and size in units. */
  lastFillPrice = 0n;
  lastFillSize = 0n;
  #mark: string | null = null;
  /** The mark in price units when read from the mark source, else -1; `#mark` is then formatted when read. */
  #markUnits = -1;
  #markFormatted = true;
  /** Where the mark is read when asked (markFrom), instead of being set at every trade. */
  #markSource: MarkSource | null = null;
  /** Signed cost of the open lots. */
  #openCost = 0n;
  readonly #lotSizes: bigint[] = [];
  readonly #lotPrices: bigint[] = [];
  #lotHead = 0;
  /** The position in lots as `positionLots` last read it; null once a fill changes it. */
  #positionLots: number | null = 0;
  readonly #lotUnits: bigint;
  /** What figures() answers until a fill or a new mark changes it. */
  #figures: Position | null = null;
  /** Its figures that only a fill changes. */
  #fillFigures: Pick<Position, 'size' | 'averageEntry' | 'realizedPnl' | 'fees'> | null = null;
  readonly #toMoney: bigint;
  readonly #makerRate: bigint;
  readonly #takerRate: bigint;
  readonly #feeDivisor: bigint;

  constructor(
    readonly instrument: Instrument,
    readonly moneyScale: number,
    fees: FeeSchedule,
  ) {
    this.quote = instrument.symbol.slice(instrument.symbol.indexOf('-') + 1);
    const notionalScale = instrument.priceDecimals + instrument.sizeDecimals;
    this.#toMoney = pow10(moneyScale - notionalScale);
    const rateDecimals = Math.max(fees.maker.decimals, fees.taker.decimals);
    this.#makerRate = fees.maker.units * pow10(rateDecimals - fees.maker.decimals);
    this.#takerRate = fees.taker.units * pow10(rateDecimals - fees.taker.decimals);
    this.#feeDivisor = pow10(rateDecimals);
    this.#lotUnits = BigInt(instrument.lotUnits);
  }

  /** The position in lots (a whole number, not always a safe integer); read once per fill. */
  positionLots(): number {
    return (this.#positionLots ??= Number(this.position / this.#lotUnits));
  }

  /** The last trade price on the venue (anyone's). */
  get mark(): string | null {
    this.#readMark();
    if (!this.#markFormatted) {
      this.#mark = formatPrice(this.instrument, this.#markUnits);
      this.#markFormatted = true;
    }
    return this.#mark;
  }

  set mark(price: string | null) {
    this.#figures = null;
    this.#mark = price;
    this.#markUnits = -1;
    this.#markFormatted = true;
  }

  /** Reads the mark from `source` (the book's last trade, in price units) whenever it is asked. */
  markFrom(source: MarkSource): void {
    this.#markSource = source;
  }

  /** Takes the source's mark in price units; it is formatted when read. */
  #readMark(): void {
    const last = this.#markSource?.lastPrice ?? null;
    if (last === null || last === this.#markUnits) return;
    if (this.position !== 0n) this.#figures = null; // flat, no figure reads the mark
    this.#markUnits = last;
    this.#markFormatted = false;
  }

  get fills(): number {
    return this.makerFills + this.takerFills;
  }

  /** Books one fill and returns its fee (money units; negative is a rebate). */
  fill(side: Side, priceText: string, sizeText: string, liquidity: 'maker' | 'taker'): bigint {
    const price = toUnits(priceText, this.instrument.priceDecimals);
    const size = toUnits(sizeText, this.instrument.sizeDecimals);
    return this.fillUnits(side, price, size, liquidity);
  }

  /** `fill` of a price and a size in units (the venue's own). */
  fillUnits(side: Side, price: bigint, size: bigint, liquidity: 'maker' | 'taker'): bigint {
    this.lastFillPrice = price;
    this.lastFillSize = size;
    const notional = price * size * this.#toMoney;
    const rate = liquidity === 'maker' ? this.#makerRate : this.#takerRate;
    // Exact: moneyScale leaves room for the rate's decimals (see moneyScaleFor).
    const fee = (notional * rate) / this.#feeDivisor;
    this.fees += fee;
    this.#figures = null;
    this.#fillFigures = null;
    this.tradedSize += size;
    if (liquidity === 'maker') {
      this.makerFills++;
      this.makerVolume += notional;
    } else {
      this.takerFills++;
      this.takerVolume += notional;
    }
    this.#trade(side === 'buy' ? size : -size, price);
    return fee;
  }

  /** Open lots marked to the last trade. */
  unrealized(): bigint {
    if (this.position === 0n) return 0n;
    this.#readMark();
    const text = this.#markUnits >= 0 ? null : this.mark;
    if (this.#markUnits < 0 && text === null) return 0n;
    const mark =
      text === null ? BigInt(this.#markUnits) : toUnits(text, this.instrument.priceDecimals);
    return this.position * mark * this.#toMoney - this.#openCost;
  }

  net(): bigint {
    return this.realized + this.unrealized() - this.fees;
  }

  /** The strategy's position: the same frozen object until a fill or a new mark changes a figure. */
  figures(): Position {
    this.#readMark();
    if (this.#figures !== null) return this.#figures;
    const unrealized = this.unrealized();
    const fixed = (this.#fillFigures ??= {
      size: this.size(this.position),
      averageEntry: this.averageEntry(),
      realizedPnl: this.money(this.realized),
      fees: this.money(this.fees),
    });
    return (this.#figures = Object.freeze({
      symbol: this.instrument.symbol,
      size: fixed.size,
      averageEntry: fixed.averageEntry,
      realizedPnl: fixed.realizedPnl,
      unrealizedPnl: this.money(unrealized),
      fees: fixed.fees,
      netPnl: this.money(this.realized + unrealized - this.fees),
    }));
  }

  /** The cost of open lots over their size; null when flat. */
  averageEntry(): string | null {
    if (this.position === 0n) return null;
    const decimals = this.instrument.priceDecimals + AVERAGE_ENTRY_EXTRA_DECIMALS;
    const size = [this.position, this.instrument.sizeDecimals] as const;
    return formatQuotient([this.#openCost, this.moneyScale], size, decimals, decimals);
  }

  money(value: bigint): string {
    return fromUnits(value, this.moneyScale, this.instrument.priceDecimals);
  }

  size(value: bigint): string {
    return fromUnits(value, this.instrument.sizeDecimals);
  }

  /** Adds `quantity` (signed lots) at `price`: closes opposite lots first in, first out. */
  #trade(quantity: bigint, price: bigint): void {
    let remaining = quantity;
    const sizes = this.#lotSizes;
    while (remaining !== 0n && this.#lotHead < sizes.length) {
      const lot = sizes[this.#lotHead]!;
      if (lot > 0n === remaining > 0n) break;
      const lotPrice = this.#lotPrices[this.#lotHead]!;
      const closed = absolute(lot) < absolute(remaining) ? -lot : remaining;
      this.realized += -closed * (price - lotPrice) * this.#toMoney;
      this.#openCost += closed * lotPrice * this.#toMoney;
      sizes[this.#lotHead] = lot + closed;
      remaining -= closed;
      if (sizes[this.#lotHead] === 0n) this.#lotHead++;
    }
    if (this.#lotHead === sizes.length) {
      sizes.length = 0;
      this.#lotPrices.length = 0;
      this.#lotHead = 0;
    }
    if (remaining !== 0n) {
      sizes.push(remaining);
      this.#lotPrices.push(price);
      this.#openCost += remaining * price * this.#toMoney;
    }
    this.position += quantity;
    this.#positionLots = null;
  }
}

/** The money scale for these instruments and rates: every notional and fee is exact in it. */
export function moneyScaleFor(instruments: readonly Instrument[], fees: FeeSchedule): number {
  const notional = Math.max(0, ...instruments.map((i) => i.priceDecimals + i.sizeDecimals));
  return notional + Math.max(fees.maker.decimals, fees.taker.decimals);
}

function absolute(value: bigint): bigint {
  return value < 0n ? -value : value;
}
