/**
 * LOBSTER orderbook files: row i is the book after message i, `ask_price_1,ask_size_1,bid_price_1,
 * bid_size_1,...` for each level. Empty levels (price ±9999999999, size 0) are dropped.
 */
import type { Readable } from 'node:stream';
import { quote } from '../../quote.js';
import { fileLines } from './file-lines.js';
import { RecordErrors } from './lobster-error.js';
import { UNITS_PER_CENT, integerCells, parseInteger } from './lobster-values.js';

/** One price level in LOBSTER units: price in dollars times 10000, size in shares. */
export interface UnitLevel {
  readonly price: number;
  readonly size: number;
}

export interface OrderbookRow {
  readonly line: number;
  /** How many levels per side the file has (its `_10` in the name). */
  readonly depth: number;
  /** Best first; only the occupied levels. */
  readonly asks: readonly UnitLevel[];
  readonly bids: readonly UnitLevel[];
}

const EMPTY_ASK = 9_999_999_999;
const EMPTY_BID = -9_999_999_999;

export async function* readLobsterOrderbook(
  input: Readable,
  file: string,
): AsyncGenerator<OrderbookRow> {
  let width = 0;
  for await (const { line, text } of fileLines(input, file)) {
    const cells = integerCells(text);
    // The cells as text only when there is an error to place.
    const errors = () => new RecordErrors(file, line, text.split(','));
    const count = cells?.length ?? text.split(',').length;
    if (width === 0) {
      if (count % 4 !== 0) {
        errors().fail(count, `expected 4 cells per level, found ${count} cells`);
      }
      width = count;
    } else if (count !== width) {
      errors().fail(Math.min(count, width), `expected ${width} cells, found ${count}`);
    }
    if (cells === null) failOnCell(text.split(','), errors());
    const asks = side(cells, 0, EMPTY_ASK, 1, errors);
    const bids = side(cells, 2, EMPTY_BID, -1, errors);
    yield { line, depth: width / 4, asks, bids };
  }
}

/** Names the first cell that is not an integer. */
function failOnCell(cells: readonly string[], errors: RecordErrors): never {
  const cell = cells.findIndex((text) => parseInteger(text) === null);
  const what = cell % 2 === 0 ? 'price must be an integer' : 'size must be a non-negative integer';
  return errors.fail(cell, `${what}, got "${quote(cells[cell]!)}"`);
}

/** The occupied levels of one side, best first; `order` is 1 when prices must rise (asks). */
function side(
  cells: readonly number[],
  offset: number,
  empty: number,
  order: 1 | -1,
  errors: () => RecordErrors,
): UnitLevel[] {
  const levels: UnitLevel[] = [];
  for (let cell = offset; cell < cells.length; cell += 4) {
    const price = cells[cell]!;
    const size = cells[cell + 1]!;
    if (size < 0) errors().fail(cell + 1, `size must be a non-negative integer, got "${size}"`);
    if (size === 0) {
      if (price !== empty) errors().fail(cell, `an empty level must show price ${empty}`);
      continue;
    }
    if (price <= 0 || price % UNITS_PER_CENT !== 0) {
      errors().fail(cell, `price ${price} is not a positive multiple of 0.01 (100 units)`);
    }
    const previous = levels[levels.length - 1];
    if (levels.length * 4 + offset !== cell)
      errors().fail(cell, 'an occupied level after an empty one');
    if (previous !== undefined && (price - previous.price) * order <= 0) {
      errors().fail(cell, 'levels out of order');
    }
    levels.push({ price, size });
  }
  return levels;
}
