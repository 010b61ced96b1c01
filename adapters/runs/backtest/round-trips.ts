/**
 * Round trips, exposure and filled orders, from the strategy's fills. A round trip runs from the
 * fill that takes a symbol's position away from zero to the fill that brings it back to zero (or
 * across zero: that fill is split, its closing part ends the trip and the rest opens the next).
 * Everything is exact: sizes in lots, notionals in price units x lots, money in the ledger's units.
 */
import { pow10 } from '../../units/units.js';
import type { StrategyFill } from './strategy.js';
import { strategyIdNumber } from './strategy-id.js';
import type { SymbolLedger } from './symbol-ledger.js';

export interface RoundTrip {
  readonly ledger: SymbolLedger;
  readonly side: 'long' | 'short';
  readonly entryTime: number;
  exitTime: number;
  /** Lots entered, which is also the lots exited. */
  size: bigint;
  /** Σ price x lots of the entering and of the exiting fills (units of 10^-(price + size decimals)). */
  entryNotional: bigint;
  exitNotional: bigint;
  /** Realized PnL minus fees, and the fees (the split fill's fee shared in proportion to size). */
  pnl: bigint;
  fees: bigint;
}

/** Exposure bookkeeping of one symbol, or of all the symbols of one quote currency. */
export class Exposure {
  /** Notional of the open position at its last fill price, money units. */
  current = 0n;
  max = 0n;
  exposedMs = 0;
  #openPositions = 0;
  #since = 0;

  update(change: bigint, time: number, opened: boolean, closed: boolean): void {
    this.current += change;
    if (this.current > this.max) this.max = this.current;
    if (opened && this.#openPositions++ === 0) this.#since = time;
    if (closed && --this.#openPositions === 0) this.exposedMs += time - this.#since;
  }

  /** Time exposed up to `end`, counting a position still open then. */
  exposedUntil(end: number): number {
    return this.exposedMs + (this.#openPositions > 0 ? end - this.#since : 0);
  }
}

interface SymbolState {
  open: RoundTrip | null;
  realized: bigint;
  fees: bigint;
  readonly exposure: Exposure;
  /** Orders of this symbol with at least one fill. */
  filledOrders: number;
  readonly toMoney: bigint;
}

export class RoundTrips {
  /** Closed round trips, in the order they closed. */
  readonly closed: RoundTrip[] = [];
  readonly #symbols = new Map<SymbolLedger, SymbolState>();
  readonly #quotes = new Map<string, Exposure>();
  /** A bit per strategy order (by the n of its id `s<n>`): set at its first fill. */
  #filled = new Uint8Array(1024);

  /** Books one fill; the ledger has already booked it (its last fill price and size are this one's). */
  add(fill: StrategyFill, ledger: SymbolLedger): void {
    const state = this.#state(ledger);
    const price = ledger.lastFillPrice;
    const size = ledger.lastFillSize;
    const after = ledger.position;
    const before = after - (fill.side === 'buy' ? size : -size);
    const realized = ledger.realized - state.realized;
    const fee = ledger.fees - state.fees;
    state.realized = ledger.realized;
    state.fees = ledger.fees;
    if (this.#firstFill(fill.orderId)) state.filledOrders++;
    const closing = before !== 0n && before > 0n !== (fill.side === 'buy');
    const closedSize = closing ? min(absolute(before), size) : 0n;
    // Exact: the money scale holds price x lots x rate for any number of lots.
    const closingFee = (fee * closedSize) / size;
    const trip = state.open;
    if (trip !== null && closedSize > 0n) {
      trip.exitNotional += price * closedSize;
      trip.pnl += realized - closingFee;
      trip.fees += closingFee;
      if (after === 0n || after > 0n !== before > 0n) {
        trip.exitTime = fill.timestamp;
        this.closed.push(trip);
        state.open = null;
      }
    }
    const openedSize = size - closedSize;
    if (openedSize > 0n) {
      const open = (state.open ??= {
        ledger,
        side: fill.side === 'buy' ? 'long' : 'short',
        entryTime: fill.timestamp,
        exitTime: fill.timestamp,
        size: 0n,
        entryNotional: 0n,
        exitNotional: 0n,
        pnl: 0n,
        fees: 0n,
      });
      open.size += openedSize;
      open.entryNotional += price * openedSize;
      open.pnl -= fee - closingFee;
      open.fees += fee - closingFee;
    }
    const exposure = absolute(after) * price * state.toMoney;
    const change = exposure - state.exposure.current;
    const opened = before === 0n && after !== 0n;
    const closed = before !== 0n && after === 0n;
    state.exposure.update(change, fill.timestamp, opened, closed);
    this.#quote(ledger.quote).update(change, fill.timestamp, opened, closed);
  }

  exposure(ledger: SymbolLedger): Exposure {
    return this.#state(ledger).exposure;
  }

  quoteExposure(quote: string): Exposure {
    return this.#quote(quote);
  }

  /** Orders of this symbol with at least one fill. */
  filledOrders(ledger: SymbolLedger): number {
    return this.#state(ledger).filledOrders;
  }

  /** Whether this is the order's first fill: a bit per order (a set of ids misses the cache). */
  #firstFill(orderId: string): boolean {
    const n = strategyIdNumber(orderId);
    if (n < 0) throw new Error(`${orderId} is not a strategy order id`);
    const byte = n >>> 3;
    if (byte >= this.#filled.length) {
      const grown = new Uint8Array(Math.max(byte + 1, 2 * this.#filled.length));
      grown.set(this.#filled);
      this.#filled = grown;
    }
    const bit = 1 << (n & 7);
    if ((this.#filled[byte]! & bit) !== 0) return false;
    this.#filled[byte]! |= bit;
    return true;
  }

  #state(ledger: SymbolLedger): SymbolState {
    let state = this.#symbols.get(ledger);
    if (state === undefined) {
      const { priceDecimals, sizeDecimals } = ledger.instrument;
      state = {
        open: null,
        realized: 0n,
        fees: 0n,
        exposure: new Exposure(),
        filledOrders: 0,
        toMoney: pow10(ledger.moneyScale - priceDecimals - sizeDecimals),
      };
      this.#symbols.set(ledger, state);
    }
    return state;
  }

  #quote(quote: string): Exposure {
    let exposure = this.#quotes.get(quote);
    if (exposure === undefined) this.#quotes.set(quote, (exposure = new Exposure()));
    return exposure;
  }
}

function absolute(value: bigint): bigint {
  return value < 0n ? -value : value;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
