import { planBalances, type BalanceOptions, type BalancePlan } from './balances.js';
import { createInstrument, DEFAULT_INSTRUMENTS } from './instrument.js';
import type { Instrument, InstrumentSpec } from './instrument.js';
import { MAX_QUERY_LIMIT } from './market-data.js';
import { invalidParameter, ok, type Result } from './result.js';
import { STP_MODES, type SelfTradePrevention } from './types.js';
import { VenueCore } from './venue-core.js';

export interface VenueOptions {
  /** Default: DEFAULT_INSTRUMENTS (BTC-USD, ETH-USD). */
  readonly instruments?: readonly InstrumentSpec[];
  /** Milliseconds since the epoch. Readings are made non-decreasing: an earlier one counts as the last. */
  readonly clock: () => number;
  /** Trades kept per symbol for `trades()`; default 1000, the most one query may ask for. */
  readonly tradeRetention?: number;
  /** Final orders kept for `getOrder`/`listOrders`, oldest forgotten first; default all. */
  readonly orderRetention?: number;
  /** The self-trade prevention of orders that name none; default `none` (docs/order-types.md). */
  readonly selfTradePrevention?: SelfTradePrevention;
  /** Keep account balances (invariant 14; docs/core.md): orders must be funded. Default: off. */
  readonly balances?: BalanceOptions;
}

/** The numeric core the options describe; a bad spec, a repeated symbol or a bad option is refused. */
export function createVenueCore(options: VenueOptions): Result<VenueCore> {
  const instruments: Instrument[] = [];
  for (const spec of options.instruments ?? DEFAULT_INSTRUMENTS) {
    const instrument = createInstrument(spec);
    if (!instrument.ok) return instrument;
    if (instruments.some((listed) => listed.symbol === spec.symbol)) {
      return invalidParameter('symbol', `symbol ${spec.symbol} is listed twice`);
    }
    instruments.push(instrument.value);
  }
  const { tradeRetention = MAX_QUERY_LIMIT, orderRetention = Infinity } = options;
  if (!Number.isSafeInteger(tradeRetention) || tradeRetention < 1) {
    return invalidParameter('trade_retention', 'trade retention must be a positive integer');
  }
  if (
    orderRetention !== Infinity &&
    (!Number.isSafeInteger(orderRetention) || orderRetention < 0)
  ) {
    return invalidParameter('order_retention', 'order retention must be a non-negative integer');
  }
  const { selfTradePrevention = 'none' } = options;
  if (!STP_MODES.includes(selfTradePrevention)) {
    return invalidParameter('stp', `self-trade prevention must be one of ${STP_MODES.join(', ')}`);
  }
  let balances: BalancePlan | null = null;
  if (options.balances !== undefined) {
    const planned = planBalances(instruments, options.balances);
    if (!planned.ok) return planned;
    balances = planned.value;
  }
  return ok(
    new VenueCore(
      instruments,
      options.clock,
      tradeRetention,
      orderRetention,
      STP_MODES.indexOf(selfTradePrevention),
      balances,
    ),
  );
}
