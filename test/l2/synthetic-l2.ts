/**
 * A seeded synthetic L2 flow for tests and the bench: one symbol (tick 0.01, lot 0.001), a
 * snapshot of 10 levels a side, then updates near the touch, trades at the touch (each followed by
 * the level it left), and a mid that walks a tick now and then. Rows come in batches, so a flow of
 * any length takes constant memory.
 */
import { SeededRandom } from '../../src/index.js';
import type { L2Row, L2Side } from '../../adapters/flow/l2/l2-row.js';

export const SYNTHETIC_SYMBOL = 'BTC-USD';
export const SYNTHETIC_INSTRUMENTS = [
  { symbol: SYNTHETIC_SYMBOL, tickSize: '0.01', lotSize: '0.001' },
];
const LEVELS = 10;
const START = Date.UTC(2026, 0, 5);
const BATCH = 4096;

export function* syntheticL2(rows: number, seed: number): Generator<L2Row[]> {
  const random = new SeededRandom(seed);
  let mid = 3_000_000; // ticks: 30000.00
  let ts = START;
  const sizes = new Map<number, number>(); // ticks -> lots, both sides (bids below mid, asks above)
  let batch: L2Row[] = [];
  let made = 0;
  const row = (kind: L2Row['kind'], side: L2Side, ticks: number, lots: number) => {
    batch.push({
      exchangeTs: ts,
      localTs: ts + 1 + Math.floor(random.float() * 3),
      symbol: SYNTHETIC_SYMBOL,
      kind,
      side,
      price: `${Math.floor(ticks / 100)}.${String(ticks % 100).padStart(2, '0')}`,
      size: `${Math.floor(lots / 1000)}.${String(lots % 1000).padStart(3, '0')}`,
    });
    made++;
  };
  const lots = () => 1 + Math.floor(random.float() * 5000);
  for (let i = 1; i <= LEVELS; i++) {
    sizes.set(mid - i, lots());
    sizes.set(mid + i, lots());
    row('snapshot', 'buy', mid - i, sizes.get(mid - i)!);
    row('snapshot', 'sell', mid + i, sizes.get(mid + i)!);
  }
  while (made < rows) {
    ts += Math.floor(random.float() * 20);
    const draw = random.float();
    const side: L2Side = random.float() < 0.5 ? 'buy' : 'sell';
    const sign = side === 'buy' ? -1 : 1;
    if (draw < 0.15) {
      // A trade at the touch of `side`'s book, by an aggressor of the other side.
      const touch = mid + sign;
      const size = Math.min(sizes.get(touch) ?? 0, lots());
      if (size === 0) continue;
      row('trade', side === 'buy' ? 'sell' : 'buy', touch, size);
      sizes.set(touch, sizes.get(touch)! - size);
      row('update', side, touch, sizes.get(touch)!);
    } else if (draw < 0.17) {
      // The mid walks a tick: the touch it moves into goes, the old mid becomes the other touch.
      const step = random.float() < 0.5 ? -1 : 1;
      const into: L2Side = step > 0 ? 'sell' : 'buy';
      const other: L2Side = step > 0 ? 'buy' : 'sell';
      sizes.delete(mid + step);
      row('update', into, mid + step, 0);
      const fresh = mid;
      mid += step;
      sizes.set(fresh, lots());
      row('update', other, fresh, sizes.get(fresh)!);
      const far = mid + step * LEVELS;
      sizes.set(far, lots());
      row('update', into, far, sizes.get(far)!);
      const dropped = mid - step * (LEVELS + 1);
      sizes.delete(dropped);
      row('update', other, dropped, 0);
    } else {
      const ticks = mid + sign * (1 + Math.floor(random.float() * LEVELS));
      sizes.set(ticks, lots());
      row('update', side, ticks, sizes.get(ticks)!);
    }
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
