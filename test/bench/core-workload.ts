import type { SeededRandom, Side } from '../../src/index.js';

export interface BenchOrder {
  readonly side: Side;
  readonly market: boolean;
  /** Price and size as numbers (for the peer), in ticks and lots (simex's numeric path) and as decimal strings (its string API). */
  readonly price: number;
  readonly size: number;
  readonly ticks: number;
  readonly lots: number;
  readonly priceText: string;
  readonly sizeText: string;
  readonly peerId: string;
}

export interface Workload {
  readonly inserts: BenchOrder[];
  readonly aggressive: BenchOrder[];
  /** Indices into `inserts`, distinct. */
  readonly cancels: number[];
  /** simex's id of each insert (`ord_<n>`, n = index + 1). */
  readonly simexIds: string[];
}

const MID_CENTS = 100_000; // 1000.00

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
  const order = (
    side: Side,
    cents: number,
    lots: number,
    market: boolean,
    peerId: string,
  ): BenchOrder => ({
    side,
    market,
    price: cents / 100,
    size: lots,
    ticks: cents,
    lots,
    priceText: (cents / 100).toFixed(2),
    sizeText: (lots / 1000).toFixed(3),
    peerId,
  });
  const insertOrders: BenchOrder[] = [];
  for (let i = 0; i < inserts; i++) {
    const side: Side = random.uint32() % 2 === 0 ? 'buy' : 'sell';
    const distance = random.int(1, levels);
    insertOrders.push(
      order(
        side,
        side === 'buy' ? MID_CENTS - distance : MID_CENTS + distance,
        random.int(1, 10),
        false,
        `o${i}`,
      ),
    );
  }
  const aggressiveOrders: BenchOrder[] = [];
  for (let i = 0; i < aggressive; i++) {
    const side: Side = random.uint32() % 2 === 0 ? 'buy' : 'sell';
    const market = i % 2 === 1;
    const through = side === 'buy' ? MID_CENTS + levels : MID_CENTS - levels;
    aggressiveOrders.push(order(side, through, random.int(1, 2), market, ''));
  }
  const indices = Array.from({ length: inserts }, (_, i) => i);
  for (let i = 0; i < cancels; i++) {
    const j = i + (random.uint32() % (inserts - i));
    [indices[i], indices[j]] = [indices[j]!, indices[i]!];
  }
  return {
    inserts: insertOrders,
    aggressive: aggressiveOrders,
    cancels: indices.slice(0, cancels),
    simexIds: insertOrders.map((_, i) => `ord_${i + 1}`),
  };
}
