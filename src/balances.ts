/**
 * Account balances (invariant 14), kept when the venue is created with `balances`. Each account
 * holds, per asset, a free and a locked amount in the asset's units (bigint: exact at any size).
 * An order locks what it could spend: a sell its base size, a limit buy its limit price times its
 * size plus the most fee that could cost, a market buy the cost of the book it would take (plus
 * fee). A fill moves both assets and the fee; whatever a live order no longer needs returns to
 * free. Fees are charged in the quote asset, rounded down, and collected per asset.
 */
import { formatUnits, parseBigUnits } from './decimal-codec.js';
import type { CoreListener, OrderEvent, TradeEvent } from './events.js';
import type { Instrument } from './instrument.js';
import {
  STATUS_CANCELLED,
  STATUS_EXPIRED,
  STATUS_FILLED,
  STATUS_REJECTED,
  STP_CANCEL_MAKER,
  STP_NONE,
} from './numeric.js';
import { UNCHANGED } from './order-amend.js';
import type { OrderBook } from './order-book.js';
import { NO_SLOT, type OrderStore } from './order-store.js';
import { NO_UNITS, type Sequence, type Units, type Slot } from './quantities.js';
import { invalidParameter, ok, type Result } from './result.js';

export interface BalanceOptions {
  /** Fee rates in basis points of the notional, 0-10000; default 0. */
  readonly makerFeeBps?: number;
  readonly takerFeeBps?: number;
  /** What every account holds when first used, by asset (decimal strings); default nothing. */
  readonly initial?: Readonly<Record<string, string>>;
  /** What named accounts hold when first used, instead of `initial`. */
  readonly accounts?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** BalanceOptions checked against the venue's assets, amounts in asset units. */
export interface BalancePlan {
  readonly assets: readonly string[];
  readonly decimals: readonly number[];
  readonly makerBps: bigint;
  readonly takerBps: bigint;
  readonly initial: readonly bigint[];
  readonly accounts: ReadonlyMap<string, readonly bigint[]>;
}

export interface Balance {
  readonly asset: string;
  readonly free: string;
  readonly locked: string;
}

/** What one live order holds locked. */
interface OrderLock {
  readonly account: number;
  readonly book: number;
  readonly sell: boolean;
  readonly market: boolean;
  /** Limit price (NO_UNITS for a market order). */
  price: Units;
  locked: bigint;
}

/** An instrument's assets and the factors from its units to theirs. */
interface BookAssets {
  readonly base: number;
  readonly quote: number;
  /** size units × baseScale = base asset units. */
  readonly baseScale: bigint;
  /** price units × size units × quoteScale = quote asset units. */
  readonly quoteScale: bigint;
}

const BPS = 10_000n;

/** Base and quote asset of a symbol (`BASE-QUOTE`). */
export function assetsOf(symbol: string): [string, string] {
  const dash = symbol.indexOf('-');
  return [symbol.slice(0, dash), symbol.slice(dash + 1)];
}

/** The venue's assets (in the order the instruments first name them) and each one's decimals. */
export function venueAssets(instruments: readonly Instrument[]): [string[], number[]] {
  const assets: string[] = [];
  const decimals: number[] = [];
  const need = (asset: string, places: number): void => {
    let index = assets.indexOf(asset);
    if (index < 0) index = assets.push(asset) - 1;
    decimals[index] = Math.max(decimals[index] ?? 0, places);
  };
  for (const { symbol, sizeDecimals, priceDecimals } of instruments) {
    const [base, quote] = assetsOf(symbol);
    need(base, sizeDecimals);
    need(quote, priceDecimals + sizeDecimals);
  }
  return [assets, decimals];
}

/** Checks the options against the instruments' assets; amounts become asset units. */
export function planBalances(
  instruments: readonly Instrument[],
  options: BalanceOptions,
): Result<BalancePlan> {
  for (const field of ['makerFeeBps', 'takerFeeBps'] as const) {
    const bps = options[field];
    if (bps !== undefined && !(Number.isSafeInteger(bps) && bps >= 0 && bps <= 10_000)) {
      return invalidParameter(field, `${field} must be an integer from 0 to 10000`);
    }
  }
  const [assets, decimals] = venueAssets(instruments);
  const amounts = (given: Readonly<Record<string, string>>, field: string): Result<bigint[]> => {
    const units = assets.map(() => 0n);
    for (const [asset, amount] of Object.entries(given)) {
      const index = assets.indexOf(asset);
      if (index < 0) return invalidParameter(field, `asset ${asset} is not traded on this venue`);
      const parsed = parseBigUnits(amount, decimals[index]!);
      if (typeof parsed !== 'bigint') {
        return invalidParameter(
          field,
          `${asset} must be a decimal string with at most ${decimals[index]} decimals`,
        );
      }
      units[index] = parsed;
    }
    return ok(units);
  };
  const initial = amounts(options.initial ?? {}, 'initial');
  if (!initial.ok) return initial;
  const accounts = new Map<string, bigint[]>();
  for (const [name, given] of Object.entries(options.accounts ?? {})) {
    const parsed = amounts(given, 'accounts');
    if (!parsed.ok) return parsed;
    accounts.set(name, parsed.value);
  }
  return ok({
    assets,
    decimals,
    makerBps: BigInt(options.makerFeeBps ?? 0),
    takerBps: BigInt(options.takerFeeBps ?? 0),
    initial: initial.value,
    accounts,
  });
}

export class Balances implements CoreListener {
  /** Asset names, in the order the instruments first name them. */
  readonly assets: readonly string[];
  /** Decimals of each asset: enough for every amount an instrument can move. */
  readonly decimals: readonly number[];
  readonly #books: readonly BookAssets[];
  readonly #makerBps: bigint;
  readonly #takerBps: bigint;
  readonly #maxBps: bigint;
  /** By account id, then asset index. */
  readonly #free: bigint[][] = [];
  readonly #locked: bigint[][] = [];
  readonly #fees: bigint[];
  readonly #deposited: bigint[];
  /** Live orders' locks, by order sequence. */
  readonly #orders = new Map<Sequence, OrderLock>();

  readonly #plan: BalancePlan;

  constructor(
    instruments: readonly Instrument[],
    private readonly store: OrderStore,
    plan: BalancePlan,
  ) {
    const { assets, decimals } = plan;
    this.#plan = plan;
    this.assets = assets;
    this.decimals = decimals;
    this.#books = instruments.map(({ symbol, sizeDecimals, priceDecimals }) => {
      const [base, quote] = assetsOf(symbol);
      const baseIndex = assets.indexOf(base);
      const quoteIndex = assets.indexOf(quote);
      return {
        base: baseIndex,
        quote: quoteIndex,
        baseScale: 10n ** BigInt(decimals[baseIndex]! - sizeDecimals),
        quoteScale: 10n ** BigInt(decimals[quoteIndex]! - priceDecimals - sizeDecimals),
      };
    });
    this.#makerBps = plan.makerBps;
    this.#takerBps = plan.takerBps;
    this.#maxBps = this.#makerBps > this.#takerBps ? this.#makerBps : this.#takerBps;
    this.#fees = assets.map(() => 0n);
    this.#deposited = assets.map(() => 0n);
  }

  /** Credits `amount` (a decimal string) of `asset` to the account's free balance. */
  deposit(account: number, asset: string, amount: string): Result<Balance> {
    const index = this.assets.indexOf(asset);
    if (index < 0) return invalidParameter('asset', `asset ${asset} is not traded on this venue`);
    const units = parseBigUnits(amount, this.decimals[index]!);
    if (typeof units !== 'bigint') {
      return invalidParameter(
        'amount',
        `amount must be a decimal string with at most ${this.decimals[index]} decimals`,
      );
    }
    this.#row(this.#free, account)[index]! += units;
    this.#deposited[index]! += units;
    return ok(this.#balance(account, index));
  }

  /** The account's balance of every asset of the venue. */
  of(account: number): Balance[] {
    this.#row(this.#free, account);
    return this.assets.map((_, index) => this.#balance(account, index));
  }

  /** Fees collected so far, per asset. */
  collectedFees(): Balance[] {
    return this.assets.map((asset, index) => ({
      asset,
      free: formatUnits(this.#fees[index]!, this.decimals[index]!),
      locked: formatUnits(0, this.decimals[index]!),
    }));
  }

  /**
   * What a new order must lock, in its asset's units (the quote for a buy, the base for a sell);
   * nothing for a market buy that waits as a stop: its cost is locked when it triggers.
   */
  required(
    book: OrderBook,
    account: number,
    sell: boolean,
    market: boolean,
    price: Units,
    size: Units,
    stp: number,
    stop: boolean,
  ): bigint {
    const assets = this.#books[book.index]!;
    if (sell) return BigInt(size) * assets.baseScale;
    if (!market) return this.#withMaxFee(BigInt(price) * BigInt(size) * assets.quoteScale);
    if (stop) return 0n;
    return this.#withMaxFee(
      marketBuyCost(book, this.store, account, stp, BigInt(size)) * assets.quoteScale,
    );
  }

  /** How many accounts (ids 0 and up) were given their starting funds (their first use). */
  get accountsOpened(): number {
    return this.#free.length;
  }

  /** Whether the account's free balance of the order's asset covers `amount`. */
  covers(account: number, book: number, sell: boolean, amount: bigint): boolean {
    const assets = this.#books[book]!;
    return this.#row(this.#free, account)[sell ? assets.base : assets.quote]! >= amount;
  }

  /** Locks `amount` (checked by `covers`) for the new order `sequence`. */
  lock(
    sequence: Sequence,
    account: number,
    book: number,
    sell: boolean,
    market: boolean,
    price: Units,
    amount: bigint,
  ): void {
    const lock: OrderLock = { account, book, sell, market, price, locked: 0n };
    this.#orders.set(sequence, lock);
    this.#move(lock, amount);
  }

  /**
   * A stop that just triggered: a market buy locks the cost of the asks it would take now, plus the
   * most fee; false (nothing locked) when its account cannot fund that (it then expires).
   */
  fundTriggered(book: OrderBook, slot: Slot): boolean {
    const store = this.store;
    if (store.isSell(slot) || !store.isMarket(slot)) return true;
    const account = store.accountColumn[slot]!;
    const cost = this.required(
      book,
      account,
      false,
      true,
      NO_UNITS,
      store.remainingColumn[slot]!,
      store.stpCode(slot),
      false,
    );
    if (!this.covers(account, book.index, false, cost)) return false;
    this.#move(this.#orders.get(store.sequenceColumn[slot]!)!, cost);
    return true;
  }

  /**
   * Sets a live order's lock for an amend to `price` (UNCHANGED: as it is) and `remaining`; false
   * (nothing changed) when the account cannot fund the difference.
   */
  relock(sequence: Sequence, price: Units, remaining: Units): boolean {
    const lock = this.#orders.get(sequence);
    if (lock === undefined) return true;
    const newPrice = price === UNCHANGED ? lock.price : price;
    const target = this.#target(lock, newPrice, remaining);
    const assets = this.#books[lock.book]!;
    const asset = lock.sell ? assets.base : assets.quote;
    if (target - lock.locked > this.#row(this.#free, lock.account)[asset]!) return false;
    lock.price = newPrice;
    this.#move(lock, target - lock.locked);
    return true;
  }

  onTrade(trade: TradeEvent): void {
    const size = BigInt(trade.size);
    const notional = BigInt(trade.price) * size;
    this.#settle(this.#orders.get(trade.makerSequence)!, notional, size, this.#makerBps);
    this.#settle(this.#orders.get(trade.takerSequence)!, notional, size, this.#takerBps);
  }

  onOrder(order: OrderEvent): void {
    const { sequence, status } = order;
    const lock = this.#orders.get(sequence);
    if (lock === undefined) return;
    if (
      status === STATUS_FILLED ||
      status === STATUS_CANCELLED ||
      status === STATUS_EXPIRED ||
      status === STATUS_REJECTED
    ) {
      this.#move(lock, -lock.locked);
      this.#orders.delete(sequence);
      return;
    }
    const remaining = order.remaining;
    const target = lock.market ? lock.locked : this.#target(lock, lock.price, remaining);
    if (target < lock.locked) this.#move(lock, target - lock.locked);
  }

  /** The fee of one side of a fill in quote asset units (what the venue charged it). */
  feeOf(book: number, priceUnits: Units, sizeUnits: Units, maker: boolean): bigint {
    const notional = BigInt(priceUnits) * BigInt(sizeUnits) * this.#books[book]!.quoteScale;
    return (notional * (maker ? this.#makerBps : this.#takerBps)) / BPS;
  }

  /** The fee rates in basis points. */
  get feeRates(): { readonly maker: number; readonly taker: number } {
    return { maker: Number(this.#makerBps), taker: Number(this.#takerBps) };
  }

  /** Decimals of an asset of the venue (its amounts are formatted with them). */
  decimalsOf(asset: string): number {
    return this.decimals[this.assets.indexOf(asset)]!;
  }

  /** Problems with invariant 14 (empty when it holds): for validateVenueState. */
  problems(): string[] {
    const problems: string[] = [];
    const held = this.assets.map(() => 0n);
    const lockedByOrders = new Map<string, bigint>();
    for (const lock of this.#orders.values()) {
      const assets = this.#books[lock.book]!;
      const key = `${lock.account}:${lock.sell ? assets.base : assets.quote}`;
      lockedByOrders.set(key, (lockedByOrders.get(key) ?? 0n) + lock.locked);
      if (lock.locked < 0n) problems.push(`invariant 14: an order's lock is below 0`);
    }
    for (let account = 0; account < this.#free.length; account++) {
      for (let asset = 0; asset < this.assets.length; asset++) {
        const free = this.#free[account]![asset]!;
        const locked = this.#locked[account]![asset]!;
        const name = `${this.store.accounts.name(account)} ${this.assets[asset]}`;
        if (free < 0n || locked < 0n) problems.push(`invariant 14: ${name} below 0`);
        if (locked !== (lockedByOrders.get(`${account}:${asset}`) ?? 0n)) {
          problems.push(`invariant 14: ${name} locked differs from its orders' locks`);
        }
        held[asset]! += free + locked;
      }
    }
    for (let asset = 0; asset < this.assets.length; asset++) {
      if (held[asset]! + this.#fees[asset]! !== this.#deposited[asset]!) {
        problems.push(`invariant 14: ${this.assets[asset]} held plus fees differs from deposits`);
      }
    }
    return problems;
  }

  #target(lock: OrderLock, price: Units, remaining: Units): bigint {
    const assets = this.#books[lock.book]!;
    if (lock.sell) return BigInt(remaining) * assets.baseScale;
    return this.#withMaxFee(BigInt(price) * BigInt(remaining) * assets.quoteScale);
  }

  #withMaxFee(notional: bigint): bigint {
    return notional + (notional * this.#maxBps) / BPS;
  }

  /** One side of a fill: pays from the order's lock, receives into free, the fee collected. */
  #settle(lock: OrderLock, notionalUnits: bigint, sizeUnits: bigint, bps: bigint): void {
    const assets = this.#books[lock.book]!;
    const notional = notionalUnits * assets.quoteScale;
    const base = sizeUnits * assets.baseScale;
    const fee = (notional * bps) / BPS;
    const free = this.#row(this.#free, lock.account);
    if (lock.sell) {
      this.#move(lock, -base, false);
      free[assets.quote]! += notional - fee;
    } else {
      this.#move(lock, -(notional + fee), false);
      free[assets.base]! += base;
    }
    this.#fees[assets.quote]! += fee;
  }

  /** Locks `amount` more for the order (negative: less); to or from free unless spent. */
  #move(lock: OrderLock, amount: bigint, fromFree = true): void {
    const assets = this.#books[lock.book]!;
    const asset = lock.sell ? assets.base : assets.quote;
    lock.locked += amount;
    this.#row(this.#locked, lock.account)[asset]! += amount;
    if (fromFree) this.#row(this.#free, lock.account)[asset]! -= amount;
  }

  /** The account's amounts in `table`; an account's first use gives it its starting funds. */
  #row(table: bigint[][], account: number): bigint[] {
    while (this.#free.length <= account) {
      const id = this.#free.length;
      const plan = this.#plan;
      const start = plan.accounts.get(this.store.accounts.name(id)) ?? plan.initial;
      this.#free.push([...start]);
      this.#locked.push(this.assets.map(() => 0n));
      start.forEach((units, asset) => (this.#deposited[asset]! += units));
    }
    return table[account]!;
  }

  #balance(account: number, index: number): Balance {
    const places = this.decimals[index]!;
    return {
      asset: this.assets[index]!,
      free: formatUnits(this.#free[account]![index]!, places),
      locked: formatUnits(this.#locked[account]![index]!, places),
    };
  }
}

/**
 * What a market buy of `size` units would pay, in price units × size units, for the asks
 * matching would reach: skipping the account's own orders under `cancel_maker`, stopping at the
 * first one under the other modes (like canFillPreventingSelfTrade); less when the book is thin.
 */
export function marketBuyCost(
  book: OrderBook,
  store: OrderStore,
  account: number,
  stp: number,
  size: bigint,
): bigint {
  let left = size;
  let cost = 0n;
  const asks = book.asks;
  asks.forEachFromBest(Infinity, (level) => {
    for (let maker = asks.head(level); maker !== NO_SLOT; maker = store.nextColumn[maker]!) {
      if (stp !== STP_NONE && store.accountColumn[maker] === account) {
        if (stp !== STP_CANCEL_MAKER) return false;
        continue;
      }
      const remaining = BigInt(store.remainingColumn[maker]!);
      const taken = remaining < left ? remaining : left;
      cost += taken * BigInt(asks.price(level));
      left -= taken;
      if (left === 0n) return false;
    }
    return true;
  });
  return cost;
}

/**
 * The most size units (whole lots) `quote` (price units × size units) buys from the asks, walked
 * as marketBuyCost walks them.
 */
export function sizeForQuote(
  book: OrderBook,
  store: OrderStore,
  account: number,
  stp: number,
  quote: bigint,
): bigint {
  const lot = BigInt(book.instrument.lotUnits);
  let left = quote;
  let size = 0n;
  const asks = book.asks;
  asks.forEachFromBest(Infinity, (level) => {
    const lotCost = BigInt(asks.price(level)) * lot;
    for (let maker = asks.head(level); maker !== NO_SLOT; maker = store.nextColumn[maker]!) {
      if (stp !== STP_NONE && store.accountColumn[maker] === account) {
        if (stp !== STP_CANCEL_MAKER) return false;
        continue;
      }
      const lots = BigInt(store.remainingColumn[maker]!) / lot;
      const affordable = left / lotCost;
      const taken = affordable < lots ? affordable : lots;
      size += taken * lot;
      left -= taken * lotCost;
      if (taken < lots) return false;
    }
    return true;
  });
  return size;
}
