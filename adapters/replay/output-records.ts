/**
 * The records the replay sends its output worker through the ring (record-ring.ts), one per line
 * to write: the layout of each, shared by the writer (RecordLines) and the worker. Offsets are in
 * bytes from the record's start; every record starts with its kind and its length.
 */
export const RECORD_TRADE = 1;
export const RECORD_FINAL = 2;
export const RECORD_ACCOUNT = 3;
export const RECORD_TEXT = 4;
export const RECORD_END = 5;

export const AT_KIND = 0;
export const AT_LENGTH = 4;

/** trade, time, price units, size units (float64); book, taker sells, maker and taker accounts, maker and taker id lengths (int32); the ids' bytes. */
export const TRADE = {
  trade: 8,
  time: 16,
  priceUnits: 24,
  sizeUnits: 32,
  book: 40,
  takerSells: 44,
  makerAccount: 48,
  takerAccount: 52,
  makerIdLength: 56,
  takerIdLength: 60,
  ids: 64,
} as const;

/** price, size and filled units (float64); account, book, flags, status, id length (int32); the id's bytes. */
export const FINAL = {
  priceUnits: 8,
  sizeUnits: 16,
  filledUnits: 24,
  account: 32,
  book: 36,
  flags: 40,
  status: 44,
  idLength: 48,
  id: 56,
} as const;
export const FLAG_SELLS = 1;
export const FLAG_MARKET = 2;

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
