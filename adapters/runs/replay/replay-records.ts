/**
 * The replay outputs (docs/replay.md): trades.csv and orders.csv lines with scenario ids, and the
 * final book.json and ticker.json, in the contract's snake_case and ISO timestamps.
 */
import type { Instrument, OrderRecord, Side, Ticker } from '../../../src/index.js';
import { csvCell, formatScenarioTime, tickerJson } from '../../flow/index.js';
import { fromUnits, toUnits } from '../../units/units.js';

export const TRADES_HEADER =
  'trade_id,ts,symbol,price,size,side,maker_id,taker_id,maker_account,taker_account\n';
export const ORDERS_HEADER = 'id,account,symbol,side,type,price,size,filled_size,status\n';

export function orderLine(order: OrderRecord, scenarioId: string): string {
  return `${csvCell(scenarioId)},${csvCell(order.account)},${order.symbol},${order.side},${order.type},${order.price ?? ''},${order.size},${order.filledSize},${order.status}\n`;
}

export interface SymbolBook {
  readonly symbol: string;
  readonly bids: [string, string][];
  readonly asks: [string, string][];
}

/** Each instrument's book aggregated from its open orders: bids descending, asks ascending. */
export function aggregateBooks(
  instruments: readonly Instrument[],
  open: Iterable<OrderRecord>,
): SymbolBook[] {
  const levels = new Map<string, Map<string, bigint>>();
  const decimals = new Map(instruments.map((instrument) => [instrument.symbol, instrument]));
  for (const order of open) {
    if (order.status === 'pending') continue; // a waiting stop is not on the book
    const instrument = decimals.get(order.symbol)!;
    const key = `${order.symbol} ${order.side}`;
    const side = levels.get(key) ?? new Map<string, bigint>();
    levels.set(key, side);
    const price = order.price!;
    side.set(
      price,
      (side.get(price) ?? 0n) + toUnits(order.remainingSize, instrument.sizeDecimals),
    );
  }
  const sideOf = (instrument: Instrument, side: Side): [string, string][] => {
    const totals = [...(levels.get(`${instrument.symbol} ${side}`) ?? new Map<string, bigint>())];
    const priceUnits = (price: string) => toUnits(price, instrument.priceDecimals);
    totals.sort(([a], [b]) => {
      const order = priceUnits(a) < priceUnits(b) ? -1 : 1;
      return side === 'buy' ? -order : order;
    });
    return totals.map(([price, size]) => [price, fromUnits(size, instrument.sizeDecimals)]);
  };
  return instruments.map((instrument) => ({
    symbol: instrument.symbol,
    bids: sideOf(instrument, 'buy'),
    asks: sideOf(instrument, 'sell'),
  }));
}

/** book.json: one entry per symbol, one line per level. */
export function bookJson(books: readonly SymbolBook[], now: number): string {
  const timestamp = JSON.stringify(formatScenarioTime(now));
  const levels = (side: readonly [string, string][]) =>
    side.length === 0
      ? '[]'
      : `[\n${side.map(([price, size]) => `      ["${price}", "${size}"]`).join(',\n')}\n    ]`;
  const entries = books.map(
    ({ symbol, bids, asks }) =>
      `  {\n    "symbol": "${symbol}",\n    "timestamp": ${timestamp},\n    "bids": ${levels(bids)},\n    "asks": ${levels(asks)}\n  }`,
  );
  return `[\n${entries.join(',\n')}\n]\n`;
}

export function tickerFileJson(tickers: readonly Ticker[]): string {
  const entries = tickers.map((ticker) => tickerJson(ticker, formatScenarioTime));
  return JSON.stringify(entries, null, 2) + '\n';
}
