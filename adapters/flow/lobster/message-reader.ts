/**
 * LOBSTER message files (`time,type,order_id,size,price,direction`), validated row by row.
 * Rows that change the visible book (types 1-4) must have a positive size and a price on the cent grid.
 */
import type { Readable } from 'node:stream';
import { quote } from '../../quote.js';
import { fileLines } from './file-lines.js';
import { RecordErrors } from './lobster-error.js';
import { UNITS_PER_CENT, parseInteger, parseTimeOfDay } from './lobster-values.js';

/** 1 new, 2 partial cancel, 3 delete, 4 visible execution, 5 hidden execution, 6 cross trade, 7 halt. */
export type MessageType = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface LobsterMessage {
  /** 1-based line in the message file; also the orderbook file's row for the book after it. */
  readonly line: number;
  /** Nanoseconds after midnight (rounded to the nanosecond, see `parseTimeOfDay`). */
  readonly timeNs: number;
  readonly type: MessageType;
  readonly orderId: string;
  /** Where the order id starts on its line, for errors found later. */
  readonly orderIdColumn: number;
  readonly size: number;
  /** Dollars times 10000. */
  readonly price: number;
  /** The resting order's side: 1 buy, -1 sell. */
  readonly direction: 1 | -1;
}

const COLUMNS = 6;

export async function* readLobsterMessages(
  input: Readable,
  file: string,
): AsyncGenerator<LobsterMessage> {
  let lastNanos = 0;
  for await (const { line, text } of fileLines(input, file)) {
    const cells = text.split(',');
    const errors: RecordErrors = new RecordErrors(file, line, cells);
    if (cells.length !== COLUMNS) {
      errors.fail(
        Math.min(cells.length, COLUMNS),
        `expected ${COLUMNS} cells, found ${cells.length}`,
      );
    }
    const [timeText, typeText, idText, sizeText, priceText, directionText] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const time = parseTimeOfDay(timeText);
    if (time === null)
      errors.fail(0, `time must be seconds after midnight, got "${quote(timeText)}"`);
    if (time < lastNanos) errors.fail(0, 'time goes backwards');
    lastNanos = time;
    const type = parseInteger(typeText);
    if (type === null || type < 1 || type > 7)
      errors.fail(1, `type must be 1 to 7, got "${quote(typeText)}"`);
    const id = parseInteger(idText);
    if (id === null || id < 0)
      errors.fail(2, `order id must be a non-negative integer, got "${quote(idText)}"`);
    const size = parseInteger(sizeText);
    if (size === null || size < 0)
      errors.fail(3, `size must be a non-negative integer, got "${quote(sizeText)}"`);
    const price = parseInteger(priceText);
    if (price === null) errors.fail(4, `price must be an integer, got "${quote(priceText)}"`);
    if (directionText !== '1' && directionText !== '-1') {
      errors.fail(5, `direction must be 1 or -1, got "${quote(directionText)}"`);
    }
    if (type <= 4) {
      if (size === 0) errors.fail(3, 'size must be positive');
      if (price <= 0 || price % UNITS_PER_CENT !== 0) {
        errors.fail(4, `price ${priceText} is not a positive multiple of 0.01 (100 units)`);
      }
    }
    yield {
      line,
      timeNs: time,
      type: type as MessageType,
      orderId: idText,
      orderIdColumn: timeText.length + typeText.length + 3,
      size,
      price,
      direction: directionText === '1' ? 1 : -1,
    };
  }
}
