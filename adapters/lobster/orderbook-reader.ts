/**
 * LOBSTER orderbook files: row i is the book after message i, `ask_price_1,ask_size_1,bid_price_1,
 * bid_size_1,...` for each level. Empty levels (price ±9999999999, size 0) are dropped.
 */
import type { Readable } from 'node:stream';
import { csvRecords } from './csv-records.js';
import { RecordErrors } from './lobster-error.js';
import { UNITS_PER_CENT, parseInteger } from './lobster-values.js';

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
  for await (const { line, cells } of csvRecords(input, file)) {
    const errors: RecordErrors = new RecordErrors(file, line, cells);
    if (width === 0) {
      if (cells.length === 0 || cells.length % 4 !== 0) {
        errors.fail(cells.length, `expected 4 cells per level, found ${cells.length} cells`);
      }
      width = cells.length;
    } else if (cells.length !== width) {
      errors.fail(Math.min(cells.length, width), `expected ${width} cells, found ${cells.length}`);
    }
    const asks = side(cells, 0, EMPTY_ASK, 1, errors);
    const bids = side(cells, 2, EMPTY_BID, -1, errors);
    yield { line, depth: width / 4, asks, bids };
  }
}

/** The occupied levels of one side, best first; `order` is 1 when prices must rise (asks). */
function side(
  cells: readonly string[],
  offset: number,
  empty: number,
  order: 1 | -1,
  errors: RecordErrors,
): UnitLevel[] {
  const levels: UnitLevel[] = [];
  for (let cell = offset; cell < cells.length; cell += 4) {
    const price = parseInteger(cells[cell]!);
    const size = parseInteger(cells[cell + 1]!);
    if (price === null) errors.fail(cell, `price must be an integer, got "${cells[cell]}"`);
    if (size === null || size < 0)
      errors.fail(cell + 1, `size must be a non-negative integer, got "${cells[cell + 1]}"`);
    if (size === 0) {
      if (price !== empty) errors.fail(cell, `an empty level must show price ${empty}`);
      continue;
    }
    if (price <= 0 || price % UNITS_PER_CENT !== 0) {
      errors.fail(cell, `price ${cells[cell]} is not a positive multiple of 0.01 (100 units)`);
    }
    const previous = levels[levels.length - 1];
    if (levels.length * 4 + offset !== cell)
      errors.fail(cell, 'an occupied level after an empty one');
    if (previous !== undefined && (price - previous.price) * order <= 0) {
      errors.fail(cell, 'levels out of order');
    }
    levels.push({ price, size });
  }
  return levels;
}
