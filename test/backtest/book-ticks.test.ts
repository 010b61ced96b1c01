/**
 * `bookTicks` on the venue (no feed latency): the book's levels in ticks and lots, refilled in
 * place at each call (docs/backtest.md: a view holds while the hook that read it runs).
 */
import { describe, expect, it } from 'vitest';
import type { StrategyContext, TickBook } from '../../adapters/runs/backtest/strategy.js';
import { backtestInMemory, SMALL_FLOW, testConfig } from './helpers.js';

const SYMBOL = 'BTC-USD';

/** A TickBook as text, and `book`'s decimal strings converted to the same text. */
const text = (book: TickBook) =>
  `asks ${book.asks.join(' ')} bids ${book.bids.join(' ')} seq ${book.sequence}`;
const fromStrings = (ctx: StrategyContext, depth: number) => {
  const book = ctx.book(SYMBOL, depth);
  const inTicks = (levels: typeof book.asks) =>
    levels.map(([price, size]) => [ctx.toTicks(SYMBOL, price), ctx.toLots(SYMBOL, size)] as const);
  return text({ asks: inTicks(book.asks), bids: inTicks(book.bids), sequence: book.sequence });
};

describe('bookTicks on the venue', () => {
  it('is book in ticks and lots at every hook, each depth its own view during the hook', async () => {
    const seen: string[] = [];
    const kept: TickBook[] = [];
    const onTimer = (ctx: StrategyContext) => {
      const deep = ctx.bookTicks(SYMBOL, 5);
      const deepText = text(deep);
      const top = ctx.bookTicks(SYMBOL, 1);
      expect(text(deep)).toBe(deepText);
      expect(deepText).toBe(fromStrings(ctx, 5));
      expect(text(top)).toBe(fromStrings(ctx, 1));
      expect(text(ctx.bookTicks(SYMBOL))).toBe(fromStrings(ctx, 50));
      seen.push(deepText);
      kept.push(deep);
    };
    await backtestInMemory(SMALL_FLOW, { onTimer }, testConfig({ intervalMs: 30_000 }));
    expect(seen).toEqual([
      'asks 10000,500 10100,500 bids  seq 2',
      'asks 10100,400 bids  seq 4',
      'asks 10100,400 bids  seq 4',
      'asks 10100,400 bids 9500,1000 seq 5',
    ]);
    // A view kept past its hook is the one the next hook's read refilled.
    expect(kept[0]).toBe(kept[kept.length - 1]);
  });
});
