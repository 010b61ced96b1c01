import { describe, expect, it } from 'vitest';
import {
  ExpectedBook,
  LEVEL_TOO_LARGE,
  type ExpectedOrder,
} from '../../adapters/runs/check/expected-book.js';
import { SIDE_BUY, SIDE_SELL, type Sequence } from '../../src/index.js';

function resting(
  book: ExpectedBook,
  sequence: Sequence,
  side: number,
  price: number,
  size: number,
) {
  const order: ExpectedOrder = {
    sequence,
    book: 0,
    side,
    price,
    size,
    filled: 0,
    removed: 0,
    resting: false,
  };
  book.orders.set(sequence, order);
  book.rest(order);
  return order;
}

describe("the checker's shadow book", () => {
  it('keeps price-time queues, the best price of each side and level totals', () => {
    const book = new ExpectedBook(1);
    const first = resting(book, 1 as Sequence, SIDE_BUY, 100, 5);
    resting(book, 2 as Sequence, SIDE_BUY, 101, 3);
    resting(book, 3 as Sequence, SIDE_BUY, 100, 4);
    resting(book, 4 as Sequence, SIDE_SELL, 103, 2);
    expect([book.bestPrice(0, SIDE_BUY), book.bestPrice(0, SIDE_SELL)]).toEqual([101, 103]);
    expect(book.levels(0, SIDE_BUY, 10)).toEqual([
      [101, 3],
      [100, 9],
    ]);
    book.forget(book.orders.get(2 as Sequence)!);
    expect(book.firstAtBest(0, SIDE_BUY)).toBe(first);
    first.filled = 5;
    book.unqueue(first);
    expect(book.firstAtBest(0, SIDE_BUY)?.sequence).toBe(3);
  });

  it('reports a level whose orders add up past 2^53 units instead of a rounded sum', () => {
    const book = new ExpectedBook(1);
    resting(book, 1 as Sequence, SIDE_SELL, 100, Number.MAX_SAFE_INTEGER);
    expect(book.levelTotal(0, SIDE_SELL, 100)).toBe(Number.MAX_SAFE_INTEGER);
    resting(book, 2 as Sequence, SIDE_SELL, 100, 2);
    expect(book.levelTotal(0, SIDE_SELL, 100)).toBe(LEVEL_TOO_LARGE);
  });
});
