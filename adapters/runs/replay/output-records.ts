/**
 * The records the replay sends its output worker through the ring (record-ring.ts), one per line
 * to write: the layout of each, shared by the writer (WorkerLines) and the worker. Offsets are in
 * bytes from the record's start; every record starts with its kind and its length. A trade or a
 * final order carries its event whole (the event's `numbers`) and its ids' bytes.
 */
import { OrderEvent, TradeEvent } from '../../../src/index.js';

/** A record's kind: its first int32. */
export const RECORD = { TRADE: 1, FINAL: 2, ACCOUNT: 3, TEXT: 4, END: 5 } as const;

/** Where every record's kind and length are. */
export const AT = { KIND: 0, LENGTH: 4 } as const;

/** Where a trade's or a final order's event starts: its `numbers`, whole, as float64s. */
const NUMBERS_AT = 8;
const TRADE_IDS_AT = NUMBERS_AT + new TradeEvent().numbers.byteLength;
/** After the trade's numbers: maker and taker id lengths (int32); the ids' bytes. */
export const TRADE = {
  makerIdLength: TRADE_IDS_AT,
  takerIdLength: TRADE_IDS_AT + 4,
  ids: TRADE_IDS_AT + 8,
} as const;
const FINAL_ID_AT = NUMBERS_AT + new OrderEvent().numbers.byteLength;
/** After the order's numbers: the id's length (int32); the id's bytes. */
export const FINAL = { idLength: FINAL_ID_AT, id: FINAL_ID_AT + 8 } as const;

/** Copies the event's numbers into the record at `at`. */
export function writeEvent(
  float64: Float64Array,
  at: number,
  event: TradeEvent | OrderEvent,
): void {
  float64.set(event.numbers, (at + NUMBERS_AT) >> 3);
}

/** Reads the numbers of the record at `at` back into `event`. */
export function readEvent(float64: Float64Array, at: number, event: TradeEvent | OrderEvent): void {
  const numbers = event.numbers;
  const from = (at + NUMBERS_AT) >> 3;
  for (let i = 0; i < numbers.length; i++) numbers[i] = float64[from + i]!;
}

/** account, name length (int32); the name's bytes. */
export const ACCOUNT = { account: 8, nameLength: 12, name: 16 } as const;

/** file (0 trades.csv, 1 orders.csv), length (int32); the text's bytes. */
export const TEXT = { file: 8, byteLength: 12, bytes: 16 } as const;
export const FILE = { TRADES: 0, ORDERS: 1 } as const;

/** An id length meaning: the bytes are the next message on the worker's port (a long id). */
export const ID_BY_MESSAGE = -1;

/** `length` rounded up to a multiple of 8. */
export const padded = (length: number): number => (length + 7) & ~7;
