/**
 * The records the replay sends its output worker through the ring (record-ring.ts), one per line
 * to write: the layout of each, shared by the writer (WorkerLines) and the worker. Offsets are in
 * bytes from the record's start; every record starts with its kind and its length. A trade or a
 * final order carries the fields of its event that its line reads, copied one by one from the
 * core's event (amounts, times and sequences as float64, codes and account ids as int32), then
 * its ids: each where it is in the ids' shared arena (ARENA), or its bytes in the record.
 */
import type { OrderLineFields, TradeLineFields } from './line-formatter.js';

/** A record's kind: its first int32. */
export const RECORD = { TRADE: 1, FINAL: 2, ACCOUNT: 3, TEXT: 4, END: 5, ARENA: 6 } as const;

/** Where every record's kind and length are. */
export const AT = { KIND: 0, LENGTH: 4 } as const;

/**
 * A trade: its line's fields; the maker's and the taker's id, each a start and a length (int32);
 * the bytes of the ids in the record.
 */
export const TRADE = {
  time: 8,
  price: 16,
  size: 24,
  sequence: 32,
  book: 40,
  takerSide: 44,
  makerAccount: 48,
  takerAccount: 52,
  makerIdStart: 56,
  makerIdLength: 60,
  takerIdStart: 64,
  takerIdLength: 68,
  ids: 72,
} as const;

/** A final order: its line's fields; its id's start and length (int32); its bytes, if here. */
export const FINAL = {
  price: 8,
  size: 16,
  filled: 24,
  book: 32,
  account: 36,
  side: 40,
  type: 44,
  status: 48,
  idStart: 52,
  idLength: 56,
  id: 60,
} as const;

/** Copies the fields of the trade's line into the record at `at`. */
export function writeTrade(
  float64: Float64Array,
  int32: Int32Array,
  at: number,
  event: TradeLineFields,
): void {
  float64[(at + TRADE.time) >> 3] = event.time;
  float64[(at + TRADE.price) >> 3] = event.price;
  float64[(at + TRADE.size) >> 3] = event.size;
  float64[(at + TRADE.sequence) >> 3] = event.sequence;
  int32[(at + TRADE.book) >> 2] = event.book;
  int32[(at + TRADE.takerSide) >> 2] = event.takerSide;
  int32[(at + TRADE.makerAccount) >> 2] = event.makerAccount;
  int32[(at + TRADE.takerAccount) >> 2] = event.takerAccount;
}

/** Reads the trade's fields of the record at `at` back into `event`. */
export function readTrade(
  float64: Float64Array,
  int32: Int32Array,
  at: number,
  event: TradeLineFields,
): void {
  event.time = float64[(at + TRADE.time) >> 3]!;
  event.price = float64[(at + TRADE.price) >> 3]! as TradeLineFields['price'];
  event.size = float64[(at + TRADE.size) >> 3]! as TradeLineFields['size'];
  event.sequence = float64[(at + TRADE.sequence) >> 3]!;
  event.book = int32[(at + TRADE.book) >> 2]!;
  event.takerSide = int32[(at + TRADE.takerSide) >> 2]!;
  event.makerAccount = int32[(at + TRADE.makerAccount) >> 2]!;
  event.takerAccount = int32[(at + TRADE.takerAccount) >> 2]!;
}

/** Copies the fields of the final order's line into the record at `at`. */
export function writeFinal(
  float64: Float64Array,
  int32: Int32Array,
  at: number,
  event: OrderLineFields,
): void {
  float64[(at + FINAL.price) >> 3] = event.price;
  float64[(at + FINAL.size) >> 3] = event.size;
  float64[(at + FINAL.filled) >> 3] = event.filled;
  int32[(at + FINAL.book) >> 2] = event.book;
  int32[(at + FINAL.account) >> 2] = event.account;
  int32[(at + FINAL.side) >> 2] = event.side;
  int32[(at + FINAL.type) >> 2] = event.type;
  int32[(at + FINAL.status) >> 2] = event.status;
}

/** Reads the final order's fields of the record at `at` back into `event`. */
export function readFinal(
  float64: Float64Array,
  int32: Int32Array,
  at: number,
  event: OrderLineFields,
): void {
  event.price = float64[(at + FINAL.price) >> 3]! as OrderLineFields['price'];
  event.size = float64[(at + FINAL.size) >> 3]! as OrderLineFields['size'];
  event.filled = float64[(at + FINAL.filled) >> 3]! as OrderLineFields['filled'];
  event.book = int32[(at + FINAL.book) >> 2]!;
  event.account = int32[(at + FINAL.account) >> 2]!;
  event.side = int32[(at + FINAL.side) >> 2]!;
  event.type = int32[(at + FINAL.type) >> 2]!;
  event.status = int32[(at + FINAL.status) >> 2]!;
}

/** account, name length (int32, or ID_BY_MESSAGE for a long name); the name's bytes. */
export const ACCOUNT = { account: 8, nameLength: 12, name: 16 } as const;

/** file (0 trades.csv, 1 orders.csv), length (int32); the text's bytes. */
export const TEXT = { file: 8, byteLength: 12, bytes: 16 } as const;
export const FILE = { TRADES: 0, ORDERS: 1 } as const;

/**
 * An id or name length meaning: the bytes (an id) or the text (an account name) are the next
 * message on the worker's port (a long one).
 */
export const ID_BY_MESSAGE = -1;

/**
 * An id's start meaning: its bytes are in the record (or the next message), not in the arena. An
 * ARENA record says that the ids' arena is the next message on the port, from then on.
 */
export const IN_RECORD = -1;

/** `length` rounded up to a multiple of 8. */
export const padded = (length: number): number => (length + 7) & ~7;
