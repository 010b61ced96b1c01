/**
 * A seeded synthetic order flow: Poisson arrivals, a random-walk mid price per symbol, limit
 * orders around it (mostly passive, some marketable, some ioc, fok or post-only), market orders,
 * and cancels and reduces of orders still resting. A private Venue follows the flow, so cancels
 * and reduces name live orders and every row is valid. Pure: the same options give the same rows.
 */
import {
  createInstrument,
  SeededRandom,
  Venue,
  type Instrument,
  type InstrumentSpec,
} from '../../../src/index.js';
import { ScenarioClock, type NewOrderRow, type ScenarioRow } from '../../flow/index.js';
import { ScenarioDriver } from '../../flow/driver/index.js';
import { fromUnits } from '../../units/units.js';
import { LiveOrders } from './live-orders.js';

export interface FlowOptions {
  readonly seed: number;
  readonly events: number;
  readonly instruments: readonly InstrumentSpec[];
  /** Milliseconds since the epoch of the first arrival. */
  readonly start: number;
  /** Mean time between arrivals, ms. */
  readonly meanIntervalMs: number;
  readonly accounts: number;
}

interface Market {
  readonly instrument: Instrument;
  /** Mid price in ticks. */
  mid: number;
}

/** Resting orders the flow keeps around; above it, cancels become more likely. */
const TARGET_RESTING = 400;

export function* orderFlow(options: FlowOptions): Generator<ScenarioRow> {
  const random = new SeededRandom(options.seed);
  const clock = new ScenarioClock(options.start);
  const venue = unwrap(
    Venue.create({
      clock: clock.read,
      instruments: options.instruments,
      tradeRetention: 1,
      orderRetention: 0,
    }),
  );
  const markets: Market[] = options.instruments.map((spec) => {
    const instrument = unwrap(createInstrument(spec));
    const reference = instrument.referencePriceUnits ?? 100 * 10 ** instrument.priceDecimals;
    return { instrument, mid: Math.round(reference / instrument.tickUnits) };
  });
  const live = new LiveOrders();
  const driver = new ScenarioDriver(venue, clock, live);
  let time = options.start;
  for (let n = 1; n <= options.events; n++) {
    time += Math.round(random.exponential(options.meanIntervalMs));
    const market = markets[random.int(0, markets.length - 1)]!;
    market.mid = Math.max(10, market.mid + random.int(-1, 1) * random.int(0, 3));
    const account = `acct${String(random.int(1, options.accounts)).padStart(2, '0')}`;
    const roll = random.float();
    const cancelShare = Math.min(0.45, 0.15 * (live.size / TARGET_RESTING));
    const target = roll < cancelShare + 0.05 ? live.pick(random) : undefined;
    let row: ScenarioRow;
    if (target !== undefined && roll < cancelShare) {
      row = {
        action: 'cancel',
        ts: time,
        id: target.scenarioId,
        account: target.account,
        symbol: target.symbol,
      };
    } else if (target !== undefined) {
      const size = sizeText(
        markets.find((m) => m.instrument.symbol === target.symbol)!.instrument,
        random,
      );
      row = {
        action: 'reduce',
        ts: time,
        id: target.scenarioId,
        account: target.account,
        symbol: target.symbol,
        size,
      };
    } else {
      row = newOrder(`o${n}`, time, account, market, random);
    }
    const refusal = driver.apply(row);
    if (refusal !== null) throw new Error(`generated an invalid row: ${refusal.message}`);
    yield row;
  }
}

function newOrder(
  id: string,
  ts: number,
  account: string,
  market: Market,
  random: SeededRandom,
): NewOrderRow {
  const { instrument } = market;
  const side = random.float() < 0.5 ? 'buy' : 'sell';
  const { symbol } = instrument;
  const size = sizeText(instrument, random);
  const kind = random.float();
  // Whole literals, not spreads of a common part: V8 builds spread objects slowly (and slow).
  if (kind < 0.08) return { action: 'new', ts, id, account, symbol, side, size, type: 'market' };
  const away = kind < 0.2 ? -random.int(0, 5) : 1 + Math.floor(random.exponential(6));
  const ticks = Math.max(1, side === 'buy' ? market.mid - away : market.mid + away);
  const price = fromUnits(BigInt(ticks * instrument.tickUnits), instrument.priceDecimals);
  const timeInForce = kind < 0.14 ? 'ioc' : kind < 0.17 ? 'fok' : 'gtc';
  const type = 'limit';
  if (kind >= 0.17 && kind < 0.25) {
    const postOnly = true;
    return {
      action: 'new',
      ts,
      id,
      account,
      symbol,
      side,
      size,
      type,
      price,
      timeInForce,
      postOnly,
    };
  }
  return { action: 'new', ts, id, account, symbol, side, size, type, price, timeInForce };
}

/** A size of 1-100 hundredths of a unit (or lots, when coarser), within the instrument's bounds. */
function sizeText(instrument: Instrument, random: SeededRandom): string {
  const step = Math.max(instrument.lotUnits, Math.round(10 ** instrument.sizeDecimals / 100));
  const units = Math.min(
    instrument.maxSizeUnits,
    Math.max(instrument.minSizeUnits, step * random.int(1, 100)),
  );
  return fromUnits(BigInt(units - (units % instrument.lotUnits)), instrument.sizeDecimals);
}

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
