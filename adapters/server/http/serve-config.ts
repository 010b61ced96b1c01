import { readFile } from 'node:fs/promises';
import type { BalanceOptions, Instrument } from '../../../src/index.js';
import type { MarketChoice } from '../market/index.js';
import { generateApiKey, parseApiKeySpecs, type ApiKeyGrant } from './api-keys.js';
import { quote } from '../../quote.js';
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from './order-limits.js';

export interface ServeArguments {
  readonly port?: string | number | undefined;
  readonly host?: string | undefined;
  readonly apiKey?: readonly string[] | undefined;
  /** As written on the command line (an array when given more than once); default 100. */
  readonly rateLimit?: string | readonly string[] | undefined;
  readonly journal?: string | undefined;
  readonly idempotencyMaxBytes?: number | undefined;
  /** `none`, `agents` or a flow file; the last one given wins (`npm start -- --market none`). */
  readonly market?: string | readonly string[] | undefined;
  readonly seed?: string | undefined;
  readonly agents?: string | undefined;
  readonly speed?: string | undefined;
  readonly loop?: boolean | undefined;
  readonly maxOpenOrders?: string | undefined;
  readonly maxStopOrders?: string | undefined;
}

export interface ServeConfig {
  readonly port: number;
  readonly host: string;
  readonly grants: readonly ApiKeyGrant[];
  /** Set when no key was configured and one was made up for this run. */
  readonly generatedKey?: string;
  readonly rateLimit: number;
  readonly journal?: string;
  readonly idempotencyMaxBytes?: number;
  readonly market: MarketChoice;
  readonly orderLimits: OrderLimits;
}

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_RATE_LIMIT = 100;
/** The lowest rate that is not 0: its burst (twice the rate) must hold one whole request. */
export const MIN_RATE_LIMIT = 0.5;
export const MAX_RATE_LIMIT = 1_000_000;
const PORT_TEXT = /^[0-9]{1,5}$/;
const RATE_TEXT = /^[0-9]{1,7}(\.[0-9]{1,6})?$/;
/** The largest `--max-open-orders` and `--max-stop-orders`. */
export const MAX_ORDER_LIMIT = 1_000_000;
const LIMIT_TEXT = /^[1-9][0-9]{0,6}$/;
/** The smallest `--idempotency-max-bytes`: room for a few thousand order responses. */
export const MIN_IDEMPOTENCY_BYTES = 1024 * 1024;

/** Flags win over the environment (SIMEX_PORT, SIMEX_HOST, SIMEX_API_KEYS; empty is unset); an error is a message. */
export function resolveServeConfig(
  args: ServeArguments,
  env: Readonly<Record<string, string | undefined>>,
): ServeConfig | { error: string } {
  const setting = (name: string) => (env[name] === '' ? undefined : env[name]);
  const portText = String(args.port ?? setting('SIMEX_PORT') ?? DEFAULT_PORT);
  const port = PORT_TEXT.test(portText) ? Number(portText) : NaN;
  if (!(port <= 65535)) {
    return {
      error: `port must be an integer from 0 to 65535, not ${JSON.stringify(quote(portText))}`,
    };
  }
  const host = args.host ?? setting('SIMEX_HOST') ?? DEFAULT_HOST;
  if (host === '') return { error: 'host must not be empty' };
  const rateLimit = parseRateLimit(args.rateLimit);
  if (typeof rateLimit !== 'number') return rateLimit;
  const maxBytes = args.idempotencyMaxBytes;
  if (
    maxBytes !== undefined &&
    !(Number.isSafeInteger(maxBytes) && maxBytes >= MIN_IDEMPOTENCY_BYTES)
  ) {
    return {
      error: `idempotency max bytes must be an integer of at least ${MIN_IDEMPOTENCY_BYTES}`,
    };
  }
  const market = parseMarket(args);
  if ('error' in market) return market;
  const maxOpenOrders = parseOrderLimit('max open orders', args.maxOpenOrders, 'maxOpenOrders');
  if (typeof maxOpenOrders !== 'number') return maxOpenOrders;
  const maxStopOrders = parseOrderLimit('max stop orders', args.maxStopOrders, 'maxStopOrders');
  if (typeof maxStopOrders !== 'number') return maxStopOrders;
  const specs =
    args.apiKey !== undefined && args.apiKey.length > 0
      ? args.apiKey
      : (env['SIMEX_API_KEYS'] ?? '').split(',').filter((spec) => spec.trim() !== '');
  const parsed = parseApiKeySpecs(specs.map((spec) => spec.trim()));
  if ('error' in parsed) return parsed;
  const common = {
    port,
    host,
    rateLimit,
    market,
    orderLimits: { maxOpenOrders, maxStopOrders },
    ...(args.journal !== undefined && { journal: args.journal }),
    ...(maxBytes !== undefined && { idempotencyMaxBytes: maxBytes }),
  };
  if (parsed.grants.length > 0) return { ...common, grants: parsed.grants };
  const generatedKey = generateApiKey();
  const secret = generateApiKey();
  return {
    ...common,
    grants: [{ key: generatedKey, account: 'account-1', secret }],
    generatedKey,
  };
}

/** `--max-open-orders`, `--max-stop-orders`: an integer from 1 to MAX_ORDER_LIMIT. */
function parseOrderLimit(
  name: string,
  text: string | undefined,
  setting: keyof OrderLimits,
): number | { error: string } {
  if (text === undefined) return DEFAULT_ORDER_LIMITS[setting];
  const limit = typeof text === 'string' && LIMIT_TEXT.test(text) ? Number(text) : NaN;
  if (limit <= MAX_ORDER_LIMIT) return limit;
  const given = typeof text === 'string' ? JSON.stringify(quote(text)) : 'a repeated flag';
  return { error: `${name} must be an integer from 1 to ${MAX_ORDER_LIMIT}, not ${given}` };
}

const SEED_TEXT = /^[0-9]{1,10}$/;
const SPEED_TEXT = /^[0-9]{1,9}(\.[0-9]{1,6})?$/;

/** `--market` and the options of its sources; default none (the frozen demo book). */
export function parseMarket(args: ServeArguments): MarketChoice | { error: string } {
  const market = typeof args.market === 'string' ? args.market : (args.market?.at(-1) ?? 'none');
  if (market === '') return { error: 'market must be none, agents or a flow file' };
  const kind = market === 'none' || market === 'agents' ? market : 'flow';
  const misplaced = (
    [
      ['seed', args.seed !== undefined, 'agents'],
      ['agents', args.agents !== undefined, 'agents'],
      ['speed', args.speed !== undefined, 'flow'],
      ['loop', args.loop !== undefined, 'flow'],
    ] as const
  ).find(([, given, owner]) => given && owner !== kind);
  if (misplaced !== undefined) {
    const owner = misplaced[2] === 'agents' ? '--market agents' : '--market FILE';
    return { error: `--${misplaced[0]} applies to ${owner} only` };
  }
  if (kind === 'none') return { kind };
  if (kind === 'agents') {
    const seedText = args.seed ?? '1';
    const seed = SEED_TEXT.test(seedText) ? Number(seedText) : NaN;
    if (!(seed <= 0xffffffff))
      return {
        error: `seed must be an integer from 0 to 4294967295, not ${JSON.stringify(quote(seedText))}`,
      };
    return { kind, seed, ...(args.agents !== undefined && { agentsFile: args.agents }) };
  }
  const speedText = args.speed ?? '1';
  const speed = SPEED_TEXT.test(speedText) ? Number(speedText) : 0;
  if (!(speed > 0))
    return { error: `speed must be a positive number, not ${JSON.stringify(quote(speedText))}` };
  return { kind, file: market, speed, loop: args.loop === true };
}

/** `--rate-limit`: 0 (off), or a plain decimal from MIN_RATE_LIMIT to MAX_RATE_LIMIT. */
export function parseRateLimit(
  text: string | readonly string[] | undefined,
): number | { error: string } {
  if (text === undefined) return DEFAULT_RATE_LIMIT;
  if (typeof text !== 'string') return { error: 'rate limit is given more than once' };
  const rate = RATE_TEXT.test(text) ? Number(text) : NaN;
  if (rate === 0 || (rate >= MIN_RATE_LIMIT && rate <= MAX_RATE_LIMIT)) return rate;
  return {
    error:
      `rate limit must be 0 (off) or ${MIN_RATE_LIMIT} to ${MAX_RATE_LIMIT} requests per second ` +
      `(its burst, twice the rate, must hold one request), not ${JSON.stringify(quote(text))}`,
  };
}

/** What the banner says about the venue: its instruments and where its market comes from. */
export interface ServedMarket {
  readonly instruments: readonly Pick<Instrument, 'symbol' | 'minSize'>[];
  readonly description: string;
}

/**
 * What `simex serve` prints once listening: the URL first, then the key, the dashboard's address
 * (with the generated key in its fragment), the symbols, the market's source and a curl that works
 * as printed (a market buy of the first symbol's minimum size).
 */
export function startupLines(url: string, config: ServeConfig, served: ServedMarket): string[] {
  const key = config.generatedKey;
  const keyHeader = key === undefined ? '"X-API-Key: $SIMEX_API_KEY"' : `'X-API-Key: ${key}'`;
  const first = served.instruments[0];
  const example = { symbol: first?.symbol, side: 'buy', type: 'market', size: first?.minSize };
  const order = `'${JSON.stringify(example)}'`;
  return [
    `simex listening on ${url}`,
    key === undefined
      ? `API keys: ${config.grants.length} configured (export SIMEX_API_KEY=<one of them> for the example)`
      : `API key (generated for this run, account account-1): ${key}`,
    // A fragment never leaves the browser: the page reads the key from it.
    key === undefined
      ? `dashboard: ${url}/ (add #key=<one of them> to the address to fill the key in)`
      : `dashboard: ${url}/#key=${encodeURIComponent(key)}`,
    `symbols: ${served.instruments.map((instrument) => instrument.symbol).join(', ')} ` +
      '(market data needs the API key too: send X-API-Key on every request)',
    `market: ${served.description}`,
    key === undefined
      ? `Binance dialect: ${url}/api/v3 and ${url.replace('http', 'ws')}/ws (docs/ccxt.md)`
      : `Binance dialect: ${url}/api/v3 and ${url.replace('http', 'ws')}/ws (docs/ccxt.md), secret of the generated key: ${config.grants[0]!.secret}`,
    `try: curl -s -X POST -H ${keyHeader} -H 'Content-Type: application/json' -d ${order} ${url}/v1/orders`,
  ];
}

const BALANCE_KEYS = ['initial', 'accounts', 'makerFeeBps', 'takerFeeBps'];

/**
 * `--balances FILE`: a JSON object of BalanceOptions (its amounts are checked by the venue against
 * its assets); an error names the file.
 */
export async function readBalancesFile(path: string): Promise<BalanceOptions | { error: string }> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    const reason = error instanceof SyntaxError ? 'not valid JSON' : 'cannot be read';
    return { error: `${path}: ${reason}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: `${path}: must be a JSON object` };
  }
  const unknown = Object.keys(value).find((key) => !BALANCE_KEYS.includes(key));
  if (unknown !== undefined) {
    return {
      error: `${path}: unknown key ${JSON.stringify(quote(unknown))} (known: ${BALANCE_KEYS.join(', ')})`,
    };
  }
  const { initial, accounts } = value as Record<string, unknown>;
  const amounts = (table: unknown) => isTableOf(table, (amount) => typeof amount === 'string');
  if (initial !== undefined && !amounts(initial)) {
    return { error: `${path}: initial must map assets to decimal strings` };
  }
  if (accounts !== undefined && !isTableOf(accounts, amounts)) {
    return { error: `${path}: accounts must map account names to {asset: decimal string}` };
  }
  return value;
}

function isTableOf(table: unknown, valid: (value: unknown) => boolean): boolean {
  return (
    typeof table === 'object' &&
    table !== null &&
    !Array.isArray(table) &&
    Object.values(table).every(valid)
  );
}
