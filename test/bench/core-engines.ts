/**
 * The three engines of `npm run bench` on one workload: simex's numeric path (`venue.core`), its
 * string API (`placeOrder` etc.) and nodejs-order-book. Each returns the CPU seconds of each phase
 * (every phase after a full collection) and the memory per resting order.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  ACTION_CANCEL,
  SIDE_BUY,
  TIF_GTC,
  TIF_IOC,
  TYPE_LIMIT,
  TYPE_MARKET,
  Venue,
  type Lots,
  type Sequence,
  type Ticks,
} from '../../src/index.js';
import { priceText, sizeText, type Workload } from './core-workload.js';

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

/** Where each timed phase writes its CPU profile (`--profile=DIR`), or null. */
let profiling: { session: Session; directory: string; name: string } | null = null;

/**
 * Makes every timed phase write its CPU profile (50 µs samples) to `directory` as
 * `<name>-<phase>.cpuprofile`; the last run of a phase overwrites the warm-up's. The profiler's
 * own cost is in the phase's time then.
 */
export function profilePhases(directory: string, name: string): void {
  mkdirSync(directory, { recursive: true });
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 50 });
  profiling = { session, directory, name };
}

/**
 * CPU seconds (user + system, all threads) `run` takes, measured after a full collection so that
 * earlier garbage is not billed to it. CPU time, not wall time: on a shared machine, time spent
 * waiting for a core is not the engine's.
 */
function time(phase: string, run: () => void): number {
  gc!();
  profiling?.session.post('Profiler.start');
  const start = process.cpuUsage();
  run();
  const { user, system } = process.cpuUsage(start);
  if (profiling !== null) {
    const { directory, name } = profiling;
    profiling.session.post('Profiler.stop', (error, result) => {
      if (error !== null) throw error;
      writeFileSync(join(directory, `${name}-${phase}.cpuprofile`), JSON.stringify(result.profile));
    });
  }
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

const SIDE_WORDS = ['buy', 'sell'] as const;

export const runNumeric: Engine = (work) => {
  const { core } = newVenue();
  const maker = core.accountId('a');
  const taker = core.accountId('b');
  const { insertSides, insertTicks, insertLots, cancels } = work;
  const { aggressiveSides, aggressiveMarket, aggressiveTicks, aggressiveLots } = work;
  const command = core.newCommand();
  const before = memoryAfterGc();
  const insert = time('insert', () => {
    command.account = maker;
    for (let i = 0; i < insertSides.length; i++) {
      command.side = insertSides[i]!;
      command.price = insertTicks[i]! as Ticks;
      command.size = insertLots[i]! as Lots;
      core.submit(command);
    }
  });
  const bytesPerOrder = (memoryAfterGc() - before) / insertSides.length;
  const aggressive = time('aggressive', () => {
    command.account = taker;
    for (let i = 0; i < aggressiveSides.length; i++) {
      const market = aggressiveMarket[i] === 1;
      command.side = aggressiveSides[i]!;
      command.type = market ? TYPE_MARKET : TYPE_LIMIT;
      command.timeInForce = market ? TIF_IOC : TIF_GTC;
      command.price = (market ? 0 : aggressiveTicks[i]!) as Ticks;
      command.size = aggressiveLots[i]! as Lots;
      core.submit(command);
    }
  });
  const cancel = time('cancel', () => {
    command.clear();
    command.action = ACTION_CANCEL;
    command.account = maker;
    for (let i = 0; i < cancels.length; i++) {
      command.target = (cancels[i]! + 1) as Sequence;
      core.submit(command);
    }
  });
  return { insert, aggressive, cancel, bytesPerOrder };
};

export const runStrings: Engine = (work) => {
  const venue = newVenue();
  const insertSides = Array.from(work.insertSides, (side) => SIDE_WORDS[side]!);
  const insertPrices = Array.from(work.insertTicks, priceText);
  const insertSizes = Array.from(work.insertLots, sizeText);
  const aggressiveSides = Array.from(work.aggressiveSides, (side) => SIDE_WORDS[side]!);
  const aggressivePrices = Array.from(work.aggressiveTicks, priceText);
  const aggressiveSizes = Array.from(work.aggressiveLots, sizeText);
  const cancelIds = Array.from(work.cancels, (index) => `ord_${index + 1}`);
  const { aggressiveMarket } = work;
  const before = memoryAfterGc();
  const insert = time('insert', () => {
    for (let i = 0; i < insertSides.length; i++) {
      venue.placeOrder({
        account: 'a',
        symbol: 'BENCH-USD',
        side: insertSides[i]!,
        type: 'limit',
        price: insertPrices[i]!,
        size: insertSizes[i]!,
      });
    }
  });
  const bytesPerOrder = (memoryAfterGc() - before) / insertSides.length;
  const aggressive = time('aggressive', () => {
    for (let i = 0; i < aggressiveSides.length; i++) {
      if (aggressiveMarket[i] === 1)
        venue.placeOrder({
          account: 'b',
          symbol: 'BENCH-USD',
          side: aggressiveSides[i]!,
          type: 'market',
          size: aggressiveSizes[i]!,
        });
      else
        venue.placeOrder({
          account: 'b',
          symbol: 'BENCH-USD',
          side: aggressiveSides[i]!,
          type: 'limit',
          price: aggressivePrices[i]!,
          size: aggressiveSizes[i]!,
        });
    }
  });
  const cancel = time('cancel', () => {
    for (const id of cancelIds) venue.cancelOrder('a', id);
  });
  return { insert, aggressive, cancel, bytesPerOrder };
};

/** nodejs-order-book takes prices and sizes as numbers: cents / 100 and lots. */
export const runPeer: Engine = (work) => {
  const book = new OrderBook();
  const sideOf = (side: number) => (side === SIDE_BUY ? Side.BUY : Side.SELL);
  const insertSides = Array.from(work.insertSides, sideOf);
  const insertPrices = Array.from(work.insertTicks, (ticks) => ticks / 100);
  const insertIds = Array.from(work.insertSides, (_, i) => `o${i}`);
  const aggressiveSides = Array.from(work.aggressiveSides, sideOf);
  const aggressivePrices = Array.from(work.aggressiveTicks, (ticks) => ticks / 100);
  const { insertLots, aggressiveMarket, aggressiveLots, cancels } = work;
  const before = memoryAfterGc();
  const insert = time('insert', () => {
    for (let i = 0; i < insertSides.length; i++) {
      book.limit({
        side: insertSides[i]!,
        id: insertIds[i]!,
        price: insertPrices[i]!,
        size: insertLots[i]!,
      });
    }
  });
  const bytesPerOrder = (memoryAfterGc() - before) / insertSides.length;
  let next = 0;
  const aggressive = time('aggressive', () => {
    for (let i = 0; i < aggressiveSides.length; i++) {
      const side = aggressiveSides[i]!;
      const size = aggressiveLots[i]!;
      if (aggressiveMarket[i] === 1) book.market({ side, size });
      else book.limit({ side, id: `x${next++}`, price: aggressivePrices[i]!, size });
    }
  });
  const cancel = time('cancel', () => {
    for (let i = 0; i < cancels.length; i++) book.cancel(insertIds[cancels[i]!]!);
  });
  return { insert, aggressive, cancel, bytesPerOrder };
};
