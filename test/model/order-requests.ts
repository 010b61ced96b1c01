/**
 * Order requests for the model test: mostly valid ones around each market's centre price, so
 * that orders cross often, and some with exactly one fault the venue must refuse.
 */
import fc from 'fast-check';
import type { OrderRequest, SelfTradePrevention, Side, TimeInForce } from '../../src/index.js';
import { formatDecimal, parseDecimal } from './exact-decimal.js';
import { ACCOUNTS, MARKETS, type ModelMarket } from './model-harness.js';

export const accountArb = fc.constantFrom(...ACCOUNTS);
/** Mostly the first two markets, so that their books fill up and cross. */
const marketArb = fc.oneof(
  ...MARKETS.map((market, index) => ({
    weight: index < 2 ? 3 : 1,
    arbitrary: fc.constant(market),
  })),
);
const sideArb = fc.constantFrom<Side>('buy', 'sell');
/** How a decimal is written: at the step's decimals, without trailing zeros, or with extra ones. */
export const textFormArb = fc.constantFrom('fixed', 'minimal', 'padded');
const lotsArb = fc.oneof(
  { weight: 9, arbitrary: fc.integer({ min: 1, max: 8 }) },
  fc.integer({ min: 20, max: 30 }),
);
const clientOrderIdArb = fc.option(fc.constantFrom('c1', 'c2', 'Quote_7-b'), { nil: undefined });
const MALFORMED_DECIMALS = ['1e2', '-1', '.5', '01', ' 1', '1.', '+1', '0x10', '1,5', '', '.'];
export const UNKNOWN_SYMBOL = 'DOGE-USD';
export const MALFORMED_SYMBOL = 'btc-usd';

/** `steps` multiples of `step` (a decimal text), written in `form`. */
export function decimalText(
  step: string,
  steps: number,
  form: string,
  halfStepMore = false,
): string {
  const stepValue = parseDecimal(step) ?? 0n;
  const value = stepValue * BigInt(steps) + (halfStepMore ? stepValue / 2n : 0n);
  const decimals = (step.split('.')[1]?.length ?? 0) + (halfStepMore ? 1 : 0);
  const fixed = formatDecimal(value, decimals + (form === 'padded' ? 2 : 0));
  return form === 'minimal' && fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

const LIMIT_FAULTS = [
  'off_tick_price',
  'zero_size',
  'off_lot_size',
  'unknown_symbol',
  'malformed_symbol',
  'malformed_price',
  'malformed_size',
  'post_only_not_gtc',
  'missing_price',
  'bad_client_order_id',
  'off_tick_stop_price',
  'bad_stp',
  'gtd_without_expire_at',
  'expire_at_without_gtd',
  'past_expire_at',
] as const;
const MARKET_FAULTS = [
  'zero_size',
  'off_lot_size',
  'unknown_symbol',
  'malformed_size',
  'market_with_price',
  'market_with_time_in_force',
  'market_post_only',
  'off_tick_stop_price',
  'bad_stp',
  'expire_at_without_gtd',
] as const;
type Fault = (typeof LIMIT_FAULTS)[number] | (typeof MARKET_FAULTS)[number];

interface PlaceSpec {
  market: ModelMarket;
  account: string;
  side: Side;
  lots: number;
  priceOffset: number;
  timeInForce: TimeInForce | undefined;
  postOnly: boolean | undefined;
  clientOrderId: string | undefined;
  /** Ticks from the centre, when the order is a stop. */
  stopOffset: number | undefined;
  stp: SelfTradePrevention | undefined;
  /** Milliseconds from the time the order is placed, for gtd orders. */
  expireIn: number;
  form: string;
  fault: Fault | 'none';
  variant: number;
}

type MutableRequest = { -readonly [K in keyof OrderRequest]: OrderRequest[K] };

/**
 * A request as generated: `expireIn` (milliseconds after the time it is placed) becomes its
 * `expireAt` when it runs, as commands are generated before time moves.
 */
export interface PlaceDraft {
  readonly request: OrderRequest;
  readonly expireIn?: number;
}

function orderRequest(type: 'limit' | 'market', spec: PlaceSpec): PlaceDraft {
  const { tickSize, lotSize, symbol } = spec.market.spec;
  const ticks = spec.market.centreTicks + spec.priceOffset;
  const request: MutableRequest = {
    account: spec.account,
    symbol,
    side: spec.side,
    type,
    size: '',
  };
  request.size = decimalText(lotSize, spec.lots, spec.form);
  if (type === 'limit') request.price = decimalText(tickSize, ticks, spec.form);
  if (spec.timeInForce !== undefined) request.timeInForce = spec.timeInForce;
  const gtc = type === 'limit' && (spec.timeInForce ?? 'gtc') === 'gtc';
  // post_only true is for limit gtc orders only: it makes other orders invalid only as a fault.
  if (spec.postOnly !== undefined && (gtc || !spec.postOnly)) request.postOnly = spec.postOnly;
  if (spec.clientOrderId !== undefined) request.clientOrderId = spec.clientOrderId;
  if (spec.stopOffset !== undefined) {
    request.stopPrice = decimalText(tickSize, spec.market.centreTicks + spec.stopOffset, spec.form);
  }
  if (spec.stp !== undefined) request.stp = spec.stp;
  let expireIn = request.timeInForce === 'gtd' ? spec.expireIn : undefined;
  const malformed = MALFORMED_DECIMALS[spec.variant % MALFORMED_DECIMALS.length] ?? '';
  switch (spec.fault) {
    case 'none':
      break;
    case 'off_tick_price':
      request.price = decimalText(tickSize, ticks, spec.form, true);
      break;
    case 'zero_size':
      request.size = decimalText(lotSize, 0, spec.form);
      break;
    case 'off_lot_size':
      request.size = decimalText(lotSize, spec.lots, spec.form, true);
      break;
    case 'unknown_symbol':
      request.symbol = UNKNOWN_SYMBOL;
      break;
    case 'malformed_symbol':
      request.symbol = MALFORMED_SYMBOL;
      break;
    case 'malformed_price':
      request.price = malformed;
      break;
    case 'malformed_size':
      request.size = malformed;
      break;
    case 'post_only_not_gtc':
      request.postOnly = true;
      request.timeInForce = spec.variant % 2 === 0 ? 'ioc' : 'fok';
      break;
    case 'missing_price':
      delete request.price;
      break;
    case 'bad_client_order_id':
      request.clientOrderId = 'has space';
      break;
    case 'market_with_price':
      request.price = decimalText(tickSize, ticks, spec.form);
      break;
    case 'market_with_time_in_force':
      request.timeInForce = spec.variant % 2 === 0 ? 'ioc' : 'gtc';
      break;
    case 'market_post_only':
      request.postOnly = true;
      break;
    case 'off_tick_stop_price':
      request.stopPrice = decimalText(tickSize, ticks, spec.form, true);
      break;
    case 'bad_stp':
      request.stp = 'cancel_all' as SelfTradePrevention;
      break;
    case 'gtd_without_expire_at':
      request.timeInForce = 'gtd';
      delete request.postOnly;
      expireIn = undefined;
      break;
    case 'expire_at_without_gtd':
      if (request.timeInForce === 'gtd') delete request.timeInForce;
      expireIn = spec.expireIn;
      break;
    case 'past_expire_at':
      request.timeInForce = 'gtd';
      delete request.postOnly;
      expireIn = -(spec.variant % 2);
      break;
  }
  return expireIn === undefined ? { request } : { request, expireIn };
}

function placeSpecArb(faults: readonly Fault[], orderOptions: boolean): fc.Arbitrary<PlaceSpec> {
  return fc.record({
    market: marketArb,
    account: accountArb,
    side: sideArb,
    lots: lotsArb,
    priceOffset: fc.integer({ min: -2, max: 2 }),
    timeInForce: orderOptions
      ? fc.constantFrom<TimeInForce | undefined>(
          undefined,
          undefined,
          undefined,
          'gtc',
          'ioc',
          'fok',
          'gtd',
        )
      : fc.constant(undefined),
    postOnly: fc.constantFrom<boolean | undefined>(undefined, undefined, false, true),
    clientOrderId: clientOrderIdArb,
    stopOffset: fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      fc.integer({ min: -2, max: 2 }),
    ),
    stp: fc.constantFrom<SelfTradePrevention | undefined>(
      undefined,
      undefined,
      undefined,
      'none',
      'cancel_taker',
      'cancel_maker',
      'cancel_both',
    ),
    expireIn: fc.integer({ min: 1, max: 4000 }),
    form: textFormArb,
    fault: fc.oneof(
      { weight: 6, arbitrary: fc.constant('none' as const) },
      fc.constantFrom(...faults),
    ),
    variant: fc.nat(),
  });
}

export const limitRequestArb = placeSpecArb(LIMIT_FAULTS, true).map((spec) =>
  orderRequest('limit', spec),
);
export const marketRequestArb = placeSpecArb(MARKET_FAULTS, false).map((spec) =>
  orderRequest('market', spec),
);
