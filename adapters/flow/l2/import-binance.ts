/**
 * `simex import binance`: a recording of Binance's `depthUpdate` stream (JSON lines, as a bot
 * writes them) and the REST depth snapshot taken while recording, synced by Binance's rules into
 * an L2 flow (docs/l2.md, "Importers"). `trade` and `aggTrade` events in the same file are
 * imported as trades.
 */
import { readFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { asFileError } from '../../file-errors.js';
import { L2BookCheck } from './l2-book-check.js';
import { canonicalDecimal } from './l2-decimal.js';
import { L2InputError } from './l2-input-error.js';
import { lineChunks } from './l2-lines.js';
import { openL2Sink, requireSymbol, type L2Format } from './import-options.js';
import type { L2Row, L2Side } from './l2-row.js';
import type { L2Sink } from './l2-sink.js';

export interface ImportBinanceOptions {
  /** JSON lines: depthUpdate (and trade, aggTrade) events, raw or in a combined-stream wrapper. */
  readonly eventsFile: string;
  /** The REST depth response: `{"lastUpdateId": N, "bids": [[price, qty]...], "asks": [...]}`. */
  readonly snapshotFile: string;
  readonly symbol: string;
  /** Default: csv. */
  readonly format?: L2Format;
}

export interface BinanceCounts {
  snapshotLevels: number;
  updates: number;
  trades: number;
  /** depthUpdate events with u <= lastUpdateId, and trades before the first event applied. */
  beforeSnapshot: number;
  /** Events of other types (e). */
  otherEvents: number;
}

type Levels = readonly (readonly [string, string])[];

interface Snapshot {
  readonly lastUpdateId: number;
  readonly bids: Levels;
  readonly asks: Levels;
}

/** A field of an event, checked; `fail` throws the line's error. */
type Fail = (reason: string) => never;

export async function importBinance(
  options: ImportBinanceOptions,
  out: Writable,
): Promise<BinanceCounts> {
  requireSymbol(options.symbol);
  const snapshot = readSnapshot(options.snapshotFile);
  const chunks = lineChunks(options.eventsFile);
  try {
    const sink = await openL2Sink(out, options.format ?? 'csv');
    const counts = await syncEvents(chunks, snapshot, options, sink);
    await sink.end();
    return counts;
  } finally {
    void chunks.return(undefined);
  }
}

function readSnapshot(file: string): Snapshot {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw asFileError(error, file) ?? error;
  }
  const fail: Fail = (reason) => {
    throw new L2InputError(file, 1, 1, reason);
  };
  const body = parseObject(text, fail);
  return {
    lastUpdateId: wholeNumber(body, 'lastUpdateId', fail),
    bids: levels(body, 'bids', fail),
    asks: levels(body, 'asks', fail),
  };
}

async function syncEvents(
  chunks: AsyncIterable<{ first: number; lines: readonly string[] }>,
  snapshot: Snapshot,
  options: ImportBinanceOptions,
  sink: L2Sink,
): Promise<BinanceCounts> {
  const file = options.eventsFile;
  const symbol = options.symbol;
  const counts: BinanceCounts = {
    snapshotLevels: 0,
    updates: 0,
    trades: 0,
    beforeSnapshot: 0,
    otherEvents: 0,
  };
  const book = new L2BookCheck();
  let streamSymbol: string | null = null;
  let lastLocalTs = 0;
  /** The last applied event's u; null before the first. */
  let lastU: number | null = null;
  for await (const { first, lines } of chunks) {
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i]!;
      if (text.trim() === '') continue;
      const line = first + i;
      const fail: Fail = (reason) => {
        throw new L2InputError(file, line, 1, reason);
      };
      const record = parseObject(text, fail);
      const event = isObject(record['data']) ? record['data'] : record;
      const type = event['e'];
      if (type !== 'depthUpdate' && type !== 'trade' && type !== 'aggTrade') {
        counts.otherEvents++;
        continue;
      }
      const exchangeTs = wholeNumber(event, 'E', fail);
      const localTs = 'localTs' in record ? wholeNumber(record, 'localTs', fail) : exchangeTs;
      if (localTs < lastLocalTs)
        fail(`time going backwards: localTs ${localTs} after ${lastLocalTs}`);
      lastLocalTs = localTs;
      const s = event['s'];
      if (typeof s !== 'string') fail('field "s" must be the symbol');
      if (streamSymbol === null) streamSymbol = s;
      else if (s !== streamSymbol)
        fail(`symbol "${String(s)}" differs from "${streamSymbol}" of the first event`);
      const at = { exchangeTs, localTs, symbol };
      if (type !== 'depthUpdate') {
        const trade = tradeRow(event, at, fail);
        if (lastU === null) counts.beforeSnapshot++;
        else {
          sink.push(trade);
          counts.trades++;
        }
        continue;
      }
      const firstId = wholeNumber(event, 'U', fail);
      const finalId = wholeNumber(event, 'u', fail);
      if (firstId > finalId) fail(`U ${firstId} is after u ${finalId}`);
      const bids = levels(event, 'b', fail);
      const asks = levels(event, 'a', fail);
      if (lastU === null) {
        if (finalId <= snapshot.lastUpdateId) {
          counts.beforeSnapshot++;
          continue;
        }
        const next = snapshot.lastUpdateId + 1;
        if (firstId > next)
          fail(
            `gap in update ids: the first event after the snapshot must have U <= ${next} <= u, has U ${firstId}`,
          );
        counts.snapshotLevels = pushLevels(
          sink,
          book,
          'snapshot',
          at,
          snapshot.bids,
          snapshot.asks,
          fail,
        );
      } else if (firstId !== lastU + 1) {
        fail(`gap in update ids: U ${firstId} after u ${lastU} (expected U ${lastU + 1})`);
      }
      lastU = finalId;
      counts.updates += pushLevels(sink, book, 'update', at, bids, asks, fail);
      const crossing = book.crossing();
      if (crossing !== null) fail(`${crossing} after this event`);
    }
    await sink.flush();
  }
  if (lastU === null)
    throw new L2InputError(
      file,
      1,
      1,
      `no depthUpdate event reaches past the snapshot's lastUpdateId ${snapshot.lastUpdateId}`,
    );
  return counts;
}

interface RowTimes {
  readonly exchangeTs: number;
  readonly localTs: number;
  readonly symbol: string;
}

/** Pushes the bids, then the asks, as rows of `kind`; a snapshot first clears the book. */
function pushLevels(
  sink: L2Sink,
  book: L2BookCheck,
  kind: 'snapshot' | 'update',
  at: RowTimes,
  bids: Levels,
  asks: Levels,
  fail: Fail,
): number {
  if (kind === 'snapshot') book.clear();
  for (const [side, list] of [
    ['buy', bids],
    ['sell', asks],
  ] as const) {
    for (const [priceText, sizeText] of list) {
      const { price, size } = decimals(priceText, sizeText, false, fail);
      book.set(side, price, size);
      sink.push({ ...at, kind, side, price, size });
    }
  }
  return bids.length + asks.length;
}

function tradeRow(event: Record<string, unknown>, at: RowTimes, fail: Fail): L2Row {
  const exchangeTs = 'T' in event ? wholeNumber(event, 'T', fail) : at.exchangeTs;
  const maker = event['m'];
  if (typeof maker !== 'boolean') fail('field "m" must be true or false');
  const { price, size } = decimals(event['p'], event['q'], true, fail);
  // m: the buyer is the maker, so the seller took liquidity.
  const side: L2Side = maker === true ? 'sell' : 'buy';
  return { exchangeTs, localTs: at.localTs, symbol: at.symbol, kind: 'trade', side, price, size };
}

function decimals(
  priceText: unknown,
  sizeText: unknown,
  trade: boolean,
  fail: Fail,
): { price: string; size: string } {
  const price = typeof priceText === 'string' ? canonicalDecimal(priceText) : null;
  if (price === null || price === '0')
    fail(`price must be a positive decimal string, got ${JSON.stringify(priceText)}`);
  const size = typeof sizeText === 'string' ? canonicalDecimal(sizeText) : null;
  if (size === null || (trade && size === '0'))
    fail(
      `quantity must be a ${trade ? 'positive' : 'non-negative'} decimal string, got ${JSON.stringify(sizeText)}`,
    );
  return { price: price, size: size };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseObject(text: string, fail: Fail): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    fail(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(value)) fail('expected a JSON object');
  return value;
}

function wholeNumber(object: Record<string, unknown>, key: string, fail: Fail): number {
  const value = object[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    fail(`field "${key}" must be a whole number, got ${JSON.stringify(value)}`);
  return value;
}

function levels(object: Record<string, unknown>, key: string, fail: Fail): Levels {
  const value = object[key];
  if (!Array.isArray(value) || !value.every((level) => Array.isArray(level) && level.length === 2))
    fail(`field "${key}" must be a list of [price, quantity]`);
  return value as Levels;
}
