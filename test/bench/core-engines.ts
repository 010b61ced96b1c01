/**
 * The three engines of `npm run bench` on one workload: simex's numeric path (`venue.core`), its
 * string API (`placeOrder` etc.) and nodejs-order-book. Each returns the CPU seconds of each phase
 * (every phase after a full collection) and the memory per resting order.
 */
import { createRequire } from 'node:module';
import {
  SIDE_BUY,
  SIDE_SELL,
  TIF_GTC,
  TIF_IOC,
  TYPE_LIMIT,
  TYPE_MARKET,
  Venue,
} from '../../src/index.js';
import type { Workload } from './core-workload.js';

const require = createRequire(import.meta.url);
const { OrderBook, Side } = require('nodejs-order-book') as typeof import('nodejs-order-book');

export interface PhaseTimes {
  insert: number;
  aggressive: number;
  cancel: number;
  bytesPerOrder: number;
}

export type Engine = (work: Workload) => PhaseTimes;

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

export const runNumeric: Engine = (work) => {
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

export const runStrings: Engine = (work) => {
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

export const runPeer: Engine = (work) => {
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
