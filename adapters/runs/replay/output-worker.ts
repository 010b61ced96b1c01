/**
 * The replay's output worker (worker-lines.ts starts it): reads the line records from the ring in
 * order and writes them with the LineFormatter into trades.csv and orders.csv, then closes both.
 * Ids are read where the records say: in the ids' current arena, the record, or a message. A
 * failure (a write refused) is posted to the main thread before the ring says so.
 */
import { receiveMessageOnPort, workerData } from 'node:worker_threads';
import type { Units } from '../../../src/index.js';
import { utf8Text } from '../../bytes-table.js';
import { BufferedFile } from '../../output/output-files.js';
import { RING_DONE, RING_FAILED, RingReader } from '../../output/record-ring.js';
import { ScenarioIdView } from '../../flow/driver/scenario-id-view.js';
import { LineFormatter, type OrderLineFields, type TradeLineFields } from './line-formatter.js';
import {
  ACCOUNT,
  AT,
  FILE,
  FINAL,
  ID_BY_MESSAGE,
  IN_RECORD,
  RECORD,
  TEXT,
  TRADE,
  readFinal,
  readTrade,
} from './output-records.js';
import type { OutputWorkerFailure, OutputWorkerInput } from './worker-lines.js';

const input = workerData as OutputWorkerInput;
const ring = new RingReader(input.ring);
const { bytes, int32, float64 } = ring;
/** The ids' arena the records name now (ARENA records), and how many were taken. */
let arena: Uint8Array = new Uint8Array(0);
const arenasTaken = new Int32Array(input.arenasTaken);

/**
 * `view` set to the id whose start and length are at `fields`: in the arena, or in the record at
 * `at` (or the next message); returns the bytes it takes in the record.
 */
function idAt(view: ScenarioIdView, fields: number, at: number): number {
  const start = int32[fields >> 2]!;
  const length = int32[(fields + 4) >> 2]!;
  if (start !== IN_RECORD) {
    view.set(arena, start, start + length, undefined);
    return 0;
  }
  if (length !== ID_BY_MESSAGE) {
    view.set(bytes, at, at + length, undefined);
    return length;
  }
  const sent = receiveMessageOnPort(input.port)!.message as Uint8Array;
  view.set(sent, 0, sent.length, undefined);
  return 0;
}

const files: BufferedFile[] = [];
try {
  files.push(new BufferedFile(input.trades, 'r+'), new BufferedFile(input.orders, 'r+'));
  const lines = new LineFormatter(input.books, { trades: files[0]!, orders: files[1]! });
  // The events as the main thread sent them: the fields the lines read, as plain properties.
  const units = 0 as Units;
  const tradeFields: TradeLineFields = {
    sequence: 0,
    time: 0,
    book: 0,
    price: units,
    size: units,
    takerSide: 0,
    makerAccount: 0,
    takerAccount: 0,
  };
  const orderFields: OrderLineFields = {
    book: 0,
    account: 0,
    side: 0,
    type: 0,
    status: 0,
    price: units,
    size: units,
    filled: units,
  };
  const trade = {
    event: tradeFields,
    makerId: new ScenarioIdView(),
    takerId: new ScenarioIdView(),
  };
  const order = { event: orderFields, id: trade.makerId };
  const name = (at: number, length: number) => utf8Text(bytes, at, at + length);
  ring.readAll((at) => {
    const kind = int32[(at + AT.KIND) >> 2];
    if (kind === RECORD.TRADE) {
      readTrade(float64, int32, at, trade.event);
      const ids = at + TRADE.ids;
      const makerLength = idAt(trade.makerId, at + TRADE.makerIdStart, ids);
      idAt(trade.takerId, at + TRADE.takerIdStart, ids + makerLength);
      lines.trade(trade);
    } else if (kind === RECORD.FINAL) {
      readFinal(float64, int32, at, order.event);
      idAt(order.id, at + FINAL.idStart, at + FINAL.id);
      lines.final(order);
    } else if (kind === RECORD.ARENA) {
      arena = new Uint8Array(receiveMessageOnPort(input.port)!.message as SharedArrayBuffer);
      Atomics.add(arenasTaken, 0, 1);
      Atomics.notify(arenasTaken, 0);
    } else if (kind === RECORD.ACCOUNT) {
      const length = int32[(at + ACCOUNT.nameLength) >> 2]!;
      const text =
        length === ID_BY_MESSAGE
          ? (receiveMessageOnPort(input.port)!.message as string)
          : name(at + ACCOUNT.name, length);
      lines.nameAccount(int32[(at + ACCOUNT.account) >> 2]!, text);
    } else if (kind === RECORD.TEXT) {
      const file = files[int32[(at + TEXT.file) >> 2] === FILE.TRADES ? 0 : 1]!;
      const start = at + TEXT.bytes;
      file.bytes(bytes, start, start + int32[(at + TEXT.byteLength) >> 2]!);
    } else if (kind === RECORD.END) {
      return 0;
    } else {
      throw new Error(`unknown output record kind ${kind}`);
    }
    return int32[(at + AT.LENGTH) >> 2]!;
  });
  while (files.length > 0) files.shift()!.close();
  ring.finish(RING_DONE);
} catch (error) {
  for (const file of files) closeQuietly(file);
  const failure: OutputWorkerFailure = {
    message: error instanceof Error ? error.message : String(error),
    ...((error as NodeJS.ErrnoException).code === undefined
      ? {}
      : { code: (error as NodeJS.ErrnoException).code! }),
  };
  input.port.postMessage(failure);
  ring.finish(RING_FAILED);
}

/** Closes a file after a failure, whose error is the one to report. */
function closeQuietly(file: BufferedFile): void {
  try {
    file.close();
  } catch {
    // the first failure is reported
  }
}
