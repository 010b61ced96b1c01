/**
 * `npm run bench`: simex's Venue against nodejs-order-book on one seeded workload, in one process.
 * Per depth profile (about 5, 50 and 500 orders per price level): 200k non-crossing limit inserts,
 * 200k aggressive operations (half crossing limits, half market orders), 100k cancels; then the
 * memory (heap and typed arrays) per resting order. simex gets decimal strings (its edge format), the peer numbers.
 */
import { createRequire } from 'node:module';
import { SeededRandom, Venue } from '../../src/index.js';
import { buildWorkload, type Workload } from './core-workload.js';

const require = createRequire(import.meta.url);
const { OrderBook, Side } = require('nodejs-order-book') as typeof import('nodejs-order-book');

interface PhaseTimes {
  insert: number;
  aggressive: number;
  cancel: number;
  bytesPerOrder: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc (npm run bench does)');

/** JS heap plus typed-array memory (simex keeps orders in typed arrays). */
function memoryAfterGc(): number {
  gc!();
  gc!();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** Seconds `run` takes, measured after a full collection so earlier garbage is not billed to it. */
function time(run: () => void): number {
  gc!();
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function runSimex(work: Workload): PhaseTimes {
  const created = Venue.create({
    instruments: [{ symbol: 'BENCH-USD', tickSize: '0.01', lotSize: '0.001' }],
    clock: () => 1_767_225_600_000,
  });
  if (!created.ok) throw new Error(created.error.message);
  const venue = created.value;
  const before = memoryAfterGc();
  const insert = time(() => {
    for (const order of work.inserts) {
      venue.placeOrder({
        account: 'a',
        symbol: 'BENCH-USD',
        side: order.side,
        type: 'limit',
        price: order.priceText,
        size: order.sizeText,
      });
    }
  });
  const bytesPerOrder = (memoryAfterGc() - before) / work.inserts.length;
  const aggressive = time(() => {
    for (const order of work.aggressive) {
      if (order.market)
        venue.placeOrder({
          account: 'b',
          symbol: 'BENCH-USD',
          side: order.side,
          type: 'market',
          size: order.sizeText,
        });
      else
        venue.placeOrder({
          account: 'b',
          symbol: 'BENCH-USD',
          side: order.side,
          type: 'limit',
          price: order.priceText,
          size: order.sizeText,
        });
    }
  });
  const cancel = time(() => {
    for (const index of work.cancels) venue.cancelOrder('a', work.simexIds[index]!);
  });
  return { insert, aggressive, cancel, bytesPerOrder };
}

function runPeer(work: Workload): PhaseTimes {
  const book = new OrderBook();
  const before = memoryAfterGc();
  const insert = time(() => {
    for (const order of work.inserts) {
      book.limit({
        side: order.side === 'buy' ? Side.BUY : Side.SELL,
        id: order.peerId,
        price: order.price,
        size: order.size,
      });
    }
  });
  const bytesPerOrder = (memoryAfterGc() - before) / work.inserts.length;
  let next = 0;
  const aggressive = time(() => {
    for (const order of work.aggressive) {
      const side = order.side === 'buy' ? Side.BUY : Side.SELL;
      if (order.market) book.market({ side, size: order.size });
      else book.limit({ side, id: `x${next++}`, price: order.price, size: order.size });
    }
  });
  const cancel = time(() => {
    for (const index of work.cancels) book.cancel(work.inserts[index]!.peerId);
  });
  return { insert, aggressive, cancel, bytesPerOrder };
}

const INSERTS = 200_000;
const AGGRESSIVE = 200_000;
const CANCELS = 100_000;
const RUNS = 3;
const PHASES = ['insert', 'aggressive', 'cancel'] as const;
const COUNTS = { insert: INSERTS, aggressive: AGGRESSIVE, cancel: CANCELS } as const;
const rows: string[][] = [['orders/level', 'phase', 'simex ops/s', 'peer ops/s', 'simex/peer']];
const format = (n: number) => Math.round(n).toLocaleString('en-US');
const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;

console.log(
  `median of ${RUNS} alternating runs per engine; memory = JS heap + typed arrays after GC`,
);
for (const ordersPerLevel of [5, 50, 500]) {
  const work = buildWorkload(
    new SeededRandom(ordersPerLevel),
    INSERTS,
    AGGRESSIVE,
    CANCELS,
    ordersPerLevel,
  );
  const warmUp = buildWorkload(new SeededRandom(1), 20_000, 20_000, 10_000, ordersPerLevel);
  runSimex(warmUp);
  runPeer(warmUp);
  const simexRuns: PhaseTimes[] = [];
  const peerRuns: PhaseTimes[] = [];
  for (let run = 0; run < RUNS; run++) {
    simexRuns.push(runSimex(work));
    peerRuns.push(runPeer(work));
  }
  for (const phase of PHASES) {
    const simexRate = median(simexRuns.map((times) => COUNTS[phase] / times[phase]));
    const peerRate = median(peerRuns.map((times) => COUNTS[phase] / times[phase]));
    rows.push([
      String(ordersPerLevel),
      phase,
      format(simexRate),
      format(peerRate),
      (simexRate / peerRate).toFixed(1) + 'x',
    ]);
  }
  const simexBytes = median(simexRuns.map((times) => times.bytesPerOrder));
  const peerBytes = median(peerRuns.map((times) => times.bytesPerOrder));
  rows.push([
    String(ordersPerLevel),
    'bytes/resting order',
    format(simexBytes),
    format(peerBytes),
    (simexBytes / peerBytes).toFixed(2),
  ]);
}

const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
for (const row of rows)
  console.log(row.map((cell, column) => cell.padStart(widths[column]!)).join('  '));
