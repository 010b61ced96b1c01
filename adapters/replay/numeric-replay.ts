/**
 * `simex replay` of an Arrow flow without an observer, through the driver's numeric entry: each
 * row is read as numbers (FlowCodes) and goes to `venue.core`; a row that is not plainly valid, or
 * that the core refuses, is decoded by the FlowRowDecoder and applied through the string API, so
 * that errors and refusals read as in the row-by-row replay. The summary and the outputs are the
 * same as that replay's (test/arrow/numeric-replay.test.ts compares them).
 */
import {
  FLAG_POST_ONLY,
  ORDER_STATUSES,
  TIF_GTC,
  TIF_IOC,
  TYPE_LIMIT,
  Venue,
  type OrderRecord,
  type OrderStatus,
} from '../../src/index.js';
import { ACTION_CANCEL, ACTION_NEW, EMPTY, FlowCodes } from '../arrow/flow-codes.js';
import type { ArrowBatches } from '../arrow/index.js';
import { ScenarioClock } from '../csv/index.js';
import { FINAL_ORDER_RETENTION, NumericDriver } from '../driver/index.js';
import { OutputDirectory } from '../output/output-files.js';
import { PROGRESS_EVERY } from '../output/progress-bar.js';
import { NumericOutputLines } from './numeric-outputs.js';
import type { Refusal } from './replayer.js';
import { ORDERS_HEADER, TRADES_HEADER } from './replay-records.js';
import type { ReplayTotals } from './replay-summary.js';
import { writeClosingOutputs } from './run-replay.js';

export interface NumericReplayOptions {
  /** Output directory; null writes nothing. */
  readonly out: string | null;
  readonly strict: boolean;
  readonly onRefused: (refusal: Refusal) => void;
  readonly onProgress?: () => void;
  readonly prepareVenue?: (venue: Venue) => void;
}

export type NumericReplayOutcome =
  | { readonly kind: 'completed'; readonly totals: ReplayTotals; readonly refusals: number }
  | { readonly kind: 'refused'; readonly refusal: Refusal };

export async function replayNumeric(
  flow: ArrowBatches,
  options: NumericReplayOptions,
): Promise<NumericReplayOutcome> {
  const output = options.out === null ? null : new OutputDirectory(options.out, process.pid);
  try {
    return await replayInto(flow, options, output);
  } finally {
    output?.discard();
  }
}

async function replayInto(
  flow: ArrowBatches,
  options: NumericReplayOptions,
  output: OutputDirectory | null,
): Promise<NumericReplayOutcome> {
  const sinks =
    output === null
      ? null
      : { trades: output.open('trades.csv'), orders: output.open('orders.csv') };
  sinks?.trades.write(TRADES_HEADER);
  sinks?.orders.write(ORDERS_HEADER);
  const clock = new ScenarioClock();
  const created = Venue.create({
    clock: clock.read,
    ...(flow.instruments.length > 0 ? { instruments: flow.instruments } : {}),
    tradeRetention: 1,
    orderRetention: FINAL_ORDER_RETENTION,
  });
  if (!created.ok) throw new Error(created.error.message);
  const venue = created.value;
  options.prepareVenue?.(venue);
  const statusCounts = new Float64Array(ORDER_STATUSES.length);
  let tradeCount = 0;
  const lines = sinks === null ? null : new NumericOutputLines(venue, sinks);
  const driver = new NumericDriver(venue, clock, {
    trade: (...trade) => {
      tradeCount++;
      lines?.trade(...trade);
    },
    final: (sequence, status, scenarioId) => {
      statusCounts[status]!++;
      lines?.final(sequence, status, scenarioId);
    },
  });
  const codes = new FlowCodes(flow.schema, venue.core);
  const decoder = flow.decoder;
  let refusals = 0;
  for await (const batch of flow.batches) {
    codes.load(batch);
    let cells: ReturnType<typeof decoder.cells> | null = null;
    for (let i = 0; i < batch.numRows; i++) {
      if (!applyCodes(codes, i, decoder.previousTs, driver)) {
        cells ??= decoder.cells(batch);
        const row = decoder.row(cells, i);
        const refusal = driver.applyRow(row);
        if (refusal !== null) {
          const entry = { line: row.line, ...refusal };
          if (options.strict) return { kind: 'refused', refusal: entry };
          refusals++;
          options.onRefused(entry);
        }
      } else {
        decoder.countChecked(clock.now);
      }
      if (options.onProgress !== undefined && driver.rowCount % PROGRESS_EVERY === 0)
        options.onProgress();
    }
  }
  if (output !== null && sinks !== null) {
    const { store, orders } = venue.core;
    const resting = [...driver.resting()].map(([sequence, scenarioId]) => {
      const found = venue.getOrder(store.accountName(orders.slot(sequence)), `ord_${sequence}`);
      if (!found.ok) throw new Error(`resting order ord_${sequence} is missing`);
      return [found.value, scenarioId] as [OrderRecord, string];
    });
    writeClosingOutputs(output, sinks, venue, resting, clock.now);
  }
  const counts = new Map<OrderStatus, number>();
  ORDER_STATUSES.forEach((status, code) => {
    if (statusCounts[code]! > 0) counts.set(status, statusCounts[code]!);
  });
  const totals: ReplayTotals = {
    venue,
    rowCount: driver.rowCount,
    restingCount: driver.restingCount,
    tradeCount,
    statusCounts: counts,
  };
  return { kind: 'completed', totals, refusals };
}

/**
 * Applies row `i` as numbers when it is a plainly valid `new` or `cancel` row (by the format's
 * rules, with times never going back from `previousTs`) that the venue accepts; false otherwise,
 * with nothing changed.
 */
function applyCodes(
  codes: FlowCodes,
  i: number,
  previousTs: number,
  driver: NumericDriver,
): boolean {
  const ts = codes.ts(i);
  if (!(ts >= previousTs)) return false;
  const action = codes.action.code(i);
  const account = codes.account.code(i);
  const book = codes.book.code(i);
  if (account < 0 || book < 0 || codes.id.isEmpty(i)) return false;
  if (codes.clientOrderId !== null && !codes.clientOrderId.isEmpty(i)) return false;
  if (action === ACTION_NEW) {
    const side = codes.side.code(i);
    const type = codes.type.code(i);
    const timeInForce = codes.timeInForce.code(i);
    if (side < 0 || type < 0 || timeInForce === -1) return false;
    const instrument = codes.instruments[book]!;
    const size = codes.size.units(i, instrument.sizeDecimals);
    if (size <= 0 || size % instrument.lotUnits !== 0) return false;
    let ticks = 0;
    if (type === TYPE_LIMIT) {
      const price = codes.price.units(i, instrument.priceDecimals);
      if (price <= 0 || price % instrument.tickUnits !== 0) return false;
      ticks = price / instrument.tickUnits;
    } else if (!codes.price.isEmpty(i) || timeInForce !== EMPTY) {
      return false;
    }
    const postOnly = codes.postOnly(i);
    return (
      driver.placeOrder(
        ts,
        codes.id.text(i),
        account,
        book,
        side,
        type,
        timeInForce === EMPTY ? (type === TYPE_LIMIT ? TIF_GTC : TIF_IOC) : timeInForce,
        postOnly === 1 ? FLAG_POST_ONLY : 0,
        ticks,
        size / instrument.lotUnits,
      ) === 0
    );
  }
  if (action === ACTION_CANCEL) {
    const plain =
      codes.side.code(i) === EMPTY &&
      codes.type.code(i) === EMPTY &&
      codes.timeInForce.code(i) === EMPTY &&
      codes.price.isEmpty(i) &&
      codes.size.isEmpty(i) &&
      codes.postOnly(i) === EMPTY;
    return plain && driver.cancelOrder(ts, codes.id.text(i), account) === 0;
  }
  return false;
}
