/**
 * The records the replay sends its output worker through the ring (record-ring.ts), one per line
 * to write: the layout of each, shared by the writer (WorkerLines) and the worker. Offsets are in
 * bytes from the record's start; every record starts with its kind and its length.
 */
export const RECORD_TRADE = 1;
export const RECORD_FINAL = 2;
export const RECORD_ACCOUNT = 3;
export const RECORD_TEXT = 4;
export const RECORD_END = 5;

export const AT_KIND = 0;
export const AT_LENGTH = 4;

/**
 * A TradeEvent's fields the lines read: sequence, time, price, size (float64); book, taker side,
 * maker and taker accounts, maker and taker id lengths (int32); the ids' bytes.
 */
export const TRADE = {
  sequence: 8,
  time: 16,
  price: 24,
  size: 32,
  book: 40,
  takerSide: 44,
  makerAccount: 48,
  takerAccount: 52,
  makerIdLength: 56,
  takerIdLength: 60,
  ids: 64,
} as const;

/**
 * An OrderEvent's fields the lines read: price, size, filled (float64); account, book, side,
 * type, status, id length (int32); the id's bytes.
 */
export const FINAL = {
  price: 8,
  size: 16,
  filled: 24,
  account: 32,
  book: 36,
  side: 40,
  type: 44,
  status: 48,
  idLength: 52,
  id: 56,
} as const;

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
