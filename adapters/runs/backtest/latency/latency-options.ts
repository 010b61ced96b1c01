/**
 * The latency flags of `simex backtest`: `--latency` sets the three order paths (entry, cancel,
 * amend) at once, `--latency-entry`, `-cancel` and `-amend` override one each, `--latency-response`
 * and `--latency-feed` default to 0; `--latency-order` and `--latency-seed` complete them.
 */
import {
  ACTION_ORDERS,
  LATENCY_PATHS,
  formatLatencySpec,
  parseLatencySpec,
  type ActionOrder,
  type LatencyPath,
  type LatencySettings,
  type LatencySpec,
} from './latency-spec.js';

export interface LatencyArguments {
  readonly latency?: string | undefined;
  readonly latencyEntry?: string | undefined;
  readonly latencyCancel?: string | undefined;
  readonly latencyAmend?: string | undefined;
  readonly latencyResponse?: string | undefined;
  readonly latencyFeed?: string | undefined;
  readonly latencyOrder?: string | undefined;
  readonly latencySeed?: string | undefined;
}

const SEED = /^(0|[1-9][0-9]{0,9})$/;
const ARGUMENT: Readonly<Record<LatencyPath, keyof LatencyArguments>> = {
  entry: 'latencyEntry',
  cancel: 'latencyCancel',
  amend: 'latencyAmend',
  response: 'latencyResponse',
  feed: 'latencyFeed',
};

/** The settings, or a one-line reason naming the flag. */
export function parseLatency(args: LatencyArguments): LatencySettings | string {
  const spec = (flag: string, text: string | undefined, fallback: LatencySpec) => {
    if (text === undefined) return fallback;
    const parsed = parseLatencySpec(text);
    return typeof parsed === 'string' ? `--${flag} ${parsed}` : parsed;
  };
  const zero: LatencySpec = { kind: 'constant', ms: 0 };
  const orders = spec('latency', args.latency, zero);
  if (typeof orders === 'string') return orders;
  const paths: Partial<Record<LatencyPath, LatencySpec>> = {};
  for (const path of LATENCY_PATHS) {
    const onOrders = path !== 'response' && path !== 'feed';
    const parsed = spec(`latency-${path}`, args[ARGUMENT[path]], onOrders ? orders : zero);
    if (typeof parsed === 'string') return parsed;
    if (parsed.kind === 'data' && path !== 'feed') {
      const flag = args[ARGUMENT[path]] === undefined ? 'latency' : `latency-${path}`;
      return `--${flag} data is a feed latency only (--latency-feed data)`;
    }
    paths[path] = parsed;
  }
  const order = args.latencyOrder ?? 'fifo';
  if (!(ACTION_ORDERS as readonly string[]).includes(order))
    return `--latency-order must be ${ACTION_ORDERS.join(' or ')}; got "${order}"`;
  const seedText = args.latencySeed ?? '0';
  const seed = SEED.test(seedText) ? Number(seedText) : NaN;
  if (!(seed < 2 ** 32))
    return `--latency-seed must be a whole number from 0 to ${2 ** 32 - 1}; got "${seedText}"`;
  return { ...(paths as Record<LatencyPath, LatencySpec>), order: order as ActionOrder, seed };
}

/** The settings as the summary shows them: each path's spec, the order and the seed. */
export function latencySummary(settings: LatencySettings): Record<string, string | number> {
  const paths = LATENCY_PATHS.map((path) => [path, formatLatencySpec(settings[path])] as const);
  return { ...Object.fromEntries(paths), order: settings.order, seed: settings.seed };
}

/** The summary's latency as one line of text: `entry 5ms, cancel 5ms, ... (fifo, seed 0)`. */
export function latencyText(summary: unknown): string {
  const { order, seed, ...paths } = summary as Record<string, string | number>;
  const each = Object.entries(paths).map(([path, spec]) => `${path} ${spec}`);
  return `${each.join(', ')} (${order}, seed ${seed})`;
}
