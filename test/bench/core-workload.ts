import { SIDE_BUY, SIDE_SELL, type SeededRandom } from '../../src/index.js';

/**
 * The orders of one run as columns of numbers: sides are SIDE_BUY or SIDE_SELL, prices in ticks
 * (cents), sizes in lots (thousandths). Each engine turns them into its own input (decimal
 * strings, numbers and ids) before its timed phases, so that no engine's heap carries another's
 * input while it is measured.
 */
export interface Workload {
  readonly insertSides: Uint8Array;
  readonly insertTicks: Int32Array;
  readonly insertLots: Int32Array;
  readonly aggressiveSides: Uint8Array;
  /** 1: a market order, 0: a limit order crossing the whole book. */
  readonly aggressiveMarket: Uint8Array;
  readonly aggressiveTicks: Int32Array;
  readonly aggressiveLots: Int32Array;
  /** Indices into the inserts, distinct. */
  readonly cancels: Int32Array;
}

const MID_CENTS = 100_000; // 1000.00

/** A price in ticks as the string API's decimal string. */
export const priceText = (ticks: number): string => (ticks / 100).toFixed(2);
/** A size in lots as the string API's decimal string. */
export const sizeText = (lots: number): string => (lots / 1000).toFixed(3);

/**
 * A seeded workload: inserts spread uniformly over enough levels per side to put about
 * `ordersPerLevel` orders on each, aggressive orders small enough to leave the book standing.
 */
export function buildWorkload(
  random: SeededRandom,
  inserts: number,
  aggressive: number,
  cancels: number,
  ordersPerLevel: number,
): Workload {
  const levels = Math.max(1, Math.round(inserts / 2 / ordersPerLevel));
  const insertSides = new Uint8Array(inserts);
  const insertTicks = new Int32Array(inserts);
  const insertLots = new Int32Array(inserts);
  for (let i = 0; i < inserts; i++) {
    const side = random.uint32() % 2 === 0 ? SIDE_BUY : SIDE_SELL;
    const distance = random.int(1, levels);
    insertSides[i] = side;
    insertTicks[i] = side === SIDE_BUY ? MID_CENTS - distance : MID_CENTS + distance;
    insertLots[i] = random.int(1, 10);
  }
  const aggressiveSides = new Uint8Array(aggressive);
  const aggressiveMarket = new Uint8Array(aggressive);
  const aggressiveTicks = new Int32Array(aggressive);
  const aggressiveLots = new Int32Array(aggressive);
  for (let i = 0; i < aggressive; i++) {
    const side = random.uint32() % 2 === 0 ? SIDE_BUY : SIDE_SELL;
    aggressiveSides[i] = side;
    aggressiveMarket[i] = i % 2;
    aggressiveTicks[i] = side === SIDE_BUY ? MID_CENTS + levels : MID_CENTS - levels;
    aggressiveLots[i] = random.int(1, 2);
  }
  const indices = Int32Array.from({ length: inserts }, (_, i) => i);
  for (let i = 0; i < cancels; i++) {
    const j = i + (random.uint32() % (inserts - i));
    [indices[i], indices[j]] = [indices[j]!, indices[i]!];
  }
  return {
    insertSides,
    insertTicks,
    insertLots,
    aggressiveSides,
    aggressiveMarket,
    aggressiveTicks,
    aggressiveLots,
    cancels: indices.slice(0, cancels),
  };
}
