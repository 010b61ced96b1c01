/**
 * The records the replay sends its output worker through the ring (record-ring.ts), one per line
 * to write: the layout of each, shared by the writer (WorkerLines) and the worker. Offsets are in
 * bytes from the record's start; every record starts with its kind and its length. A trade or a
 * final order carries the fields of its event that its line reads, named once here.
 */
import type { OrderEvent, TradeEvent } from '../../src/index.js';

export const RECORD_TRADE = 1;
export const RECORD_FINAL = 2;
export const RECORD_ACCOUNT = 3;
export const RECORD_TEXT = 4;
export const RECORD_END = 5;

export const AT_KIND = 0;
export const AT_LENGTH = 4;

/** The fields of a TradeEvent that its line reads, each a float64, in this order from byte 8. */
export const TRADE_FIELDS = [
  'sequence',
  'time',
  'price',
  'size',
  'book',
  'takerSide',
  'makerAccount',
  'takerAccount',
] as const satisfies readonly (keyof TradeEvent)[];

/** The fields of an OrderEvent that its final line reads, likewise. */
export const ORDER_FIELDS = [
  'price',
  'size',
  'filled',
  'account',
  'book',
  'side',
  'type',
  'status',
] as const satisfies readonly (keyof OrderEvent)[];

const FIELDS_AT = 8;
const TRADE_IDS_AT = FIELDS_AT + 8 * TRADE_FIELDS.length;
/** After the trade's fields: maker and taker id lengths (int32); the ids' bytes. */
export const TRADE = {
  makerIdLength: TRADE_IDS_AT,
  takerIdLength: TRADE_IDS_AT + 4,
  ids: TRADE_IDS_AT + 8,
} as const;
const FINAL_ID_AT = FIELDS_AT + 8 * ORDER_FIELDS.length;
/** After the order's fields: the id's length (int32); the id's bytes. */
export const FINAL = { idLength: FINAL_ID_AT, id: FINAL_ID_AT + 8 } as const;

/** An event's numbers, by field name. */
type Fields = Record<string, number>;

/**
 * Copies `fields` of `event` into the record at `at` (the main thread, `into` "record"), or the
 * record's back into `event` (the worker, "event").
 */
export function copyFields(
  float64: Float64Array,
  at: number,
  event: TradeEvent | OrderEvent,
  fields: readonly string[],
  into: 'record' | 'event',
): void {
  const numbers = event as unknown as Fields;
  let index = (at + FIELDS_AT) >> 3;
  for (const field of fields) {
    if (into === 'record') float64[index] = numbers[field]!;
    else numbers[field] = float64[index]!;
    index++;
  }
}

/** account, name length (int32); the name's bytes. */
export const ACCOUNT = { account: 8, nameLength: 12, name: 16 } as const;

/** file (0 trades.csv, 1 orders.csv), length (int32); the text's bytes. */
export const TEXT = { file: 8, byteLength: 12, bytes: 16 } as const;
export const FILE_TRADES = 0;
export const FILE_ORDERS = 1;

/** An id length meaning: the bytes are the next message on the worker's port (a long id). */
export const ID_BY_MESSAGE = -1;

/** `length` rounded up to a multiple of 8. */
export const padded = (length: number): number => (length + 7) & ~7;
