/**
 * `npm run bench [-- --scale=0.1]` (compiled by tsc first, so that simex runs as the plain
 * JavaScript its users get, like the peer): simex's numeric path (`venue.core`), its string API
 * (`placeOrder` etc.) and nodejs-order-book on one seeded workload, in one process. Per depth
 * profile (about 5, 50 and 500 orders per price level): 200k non-crossing limit inserts, 200k
 * aggressive operations (half crossing limits, half market orders), 100k cancels; "mixed" is all
 * of them over their total time. Then the memory (heap and typed arrays) per resting order. The
 * numeric path gets ticks and lots, the string API decimal strings, the peer numbers. Only the
 * ratios of one run mean much on a shared machine.
 */
import { createRequire } from 'node:module';
import {
  SIDE_BUY,
  SIDE_SELL,
  SeededRandom,
  TIF_GTC,
  TIF_IOC,
  TYPE_LIMIT,
  TYPE_MARKET,
  Venue,
} from '../../src/index.js';
import { buildWorkload, type Workload } from './core-workload.js';

const require = createRequire(import.meta.url);
const { OrderBook, Side } = require('nodejs-order-book') as typeof import('nodejs-order-book');

interface PhaseTimes {
  insert: number;
  aggressive: number;
  cancel: number;
  bytesPerOrder: number;
}

type Engine = (work: Workload) => PhaseTimes;

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc (npm run bench does)');

/** JS heap plus typed-array memory (simex keeps orders in typed arrays). */
function memoryAfterGc(): number {
  // Freed array buffers leave the count a collection or two late: collect until it settles.
  let last = -1;
  for (let i = 0; i < 10; i++) {
    gc!();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    if (heapUsed + arrayBuffers === last) break;
    last = heapUsed + arrayBuffers;
  }
  return last;
}

/**
 * CPU seconds (user + system, all threads) `run` takes, measured after a full collection so that
 * earlier garbage is not billed to it. CPU time, not wall time: on a shared machine, time spent
 * waiting for a core is not the engine's.
 */
function time(run: () => void): number {
  gc!();
  const start = process.cpuUsage();
  run();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
}

function newVenue(): Venue {
  const created = Venue.create({
    instruments: [{ symbol: 'BENCH-USD', tickSize: '0.01', lotSize: '0.001' }],
    clock: () => 1_767_225_600_000,
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

const runNumeric: Engine = (work) => {
  const { core } = newVenue();
  const maker = core.accountId('a');
  const taker = core.accountId('b');
  const before = memoryAfterGc();
  const insert = time(() => {
    for (const order of work.inserts) {
      const side = order.side === 'buy' ? SIDE_BUY : SIDE_SELL;
      core.place(maker, 0, side, TYPE_LIMIT, TIF_GTC, 0, order.ticks, order.lots);
    }
  });
  const bytesPerOrder = (memoryAfterGc() - before) / work.inserts.length;
  const aggressive = time(() => {
    for (const order of work.aggressive) {
      const side = order.side === 'buy' ? SIDE_BUY : SIDE_SELL;
      if (order.market) core.place(taker, 0, side, TYPE_MARKET, TIF_IOC, 0, 0, order.lots);
      else core.place(taker, 0, side, TYPE_LIMIT, TIF_GTC, 0, order.ticks, order.lots);
    }
  });
  const cancel = time(() => {
    for (const index of work.cancels) core.cancel(maker, index + 1);
  });
  return { insert, aggressive, cancel, bytesPerOrder };
};

const runStrings: Engine = (work) => {
  const venue = newVenue();
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
};

const runPeer: Engine = (work) => {
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
};

const scaleArgument = process.argv.find((argument) => argument.startsWith('--scale='));
const SCALE = scaleArgument === undefined ? 1 : Number(scaleArgument.slice('--scale='.length));
if (!(SCALE > 0 && SCALE <= 1)) throw new Error('--scale must be a number in (0, 1]');
const COUNTS = {
  insert: Math.round(200_000 * SCALE),
  aggressive: Math.round(200_000 * SCALE),
  cancel: Math.round(100_000 * SCALE),
};
const RUNS = 3;
const PHASES = ['insert', 'aggressive', 'cancel'] as const;
const ENGINES: [string, Engine][] = [
  ['numeric', runNumeric],
  ['string', runStrings],
  ['peer', runPeer],
];
const rows: string[][] = [
  [
    'orders/level',
    'phase',
    'numeric ops/s',
    'string ops/s',
    'peer ops/s',
    'numeric/peer',
    'string/peer',
  ],
];
const format = (n: number) => Math.round(n).toLocaleString('en-US');
const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
const total = COUNTS.insert + COUNTS.aggressive + COUNTS.cancel;
const rateOf = (phase: (typeof PHASES)[number] | 'mixed', times: PhaseTimes): number =>
  phase === 'mixed'
    ? total / (times.insert + times.aggressive + times.cancel)
    : COUNTS[phase] / times[phase];

/** A row of figures for the three engines and the two ratios to the peer. */
function row(depth: number, what: string, [numeric, strings, peer]: number[], ratio: boolean) {
  const relative = (value: number) =>
    ratio ? (value / peer!).toFixed(1) + 'x' : (value / peer!).toFixed(2);
  return [
    String(depth),
    what,
    format(numeric!),
    format(strings!),
    format(peer!),
    relative(numeric!),
    relative(strings!),
  ];
}

console.log(
  `median of ${RUNS} alternating runs per engine, scale ${SCALE}; memory = JS heap + typed arrays after GC`,
);
for (const ordersPerLevel of [5, 50, 500]) {
  const work = buildWorkload(
    new SeededRandom(ordersPerLevel),
    COUNTS.insert,
    COUNTS.aggressive,
    COUNTS.cancel,
    ordersPerLevel,
  );
  const warmUp = buildWorkload(new SeededRandom(1), 20_000, 20_000, 10_000, ordersPerLevel);
  for (const [, engine] of ENGINES) engine(warmUp);
  const runs: PhaseTimes[][] = ENGINES.map(() => []);
  for (let run = 0; run < RUNS; run++) {
    ENGINES.forEach(([, engine], index) => runs[index]!.push(engine(work)));
  }
  for (const phase of [...PHASES, 'mixed'] as const) {
    const rates = runs.map((times) => median(times.map((each) => rateOf(phase, each))));
    rows.push(row(ordersPerLevel, phase, rates, true));
  }
  const bytes = runs.map((times) => median(times.map((each) => each.bytesPerOrder)));
  rows.push(row(ordersPerLevel, 'bytes/resting order', bytes, false));
}

const widths = rows[0]!.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)));
for (const cells of rows)
  console.log(cells.map((cell, column) => cell.padStart(widths[column]!)).join('  '));
