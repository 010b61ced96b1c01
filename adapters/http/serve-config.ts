import { generateApiKey, parseApiKeySpecs, type ApiKeyGrant } from './api-keys.js';
import { quote } from './quote.js';

export interface ServeArguments {
  readonly port?: string | number | undefined;
  readonly host?: string | undefined;
  readonly apiKey?: readonly string[] | undefined;
  /** As written on the command line (an array when given more than once); default 100. */
  readonly rateLimit?: string | readonly string[] | undefined;
  readonly journal?: string | undefined;
  readonly idempotencyMaxBytes?: number | undefined;
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
}

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_RATE_LIMIT = 100;
/** The lowest rate that is not 0: its burst (twice the rate) must hold one whole request. */
export const MIN_RATE_LIMIT = 0.5;
export const MAX_RATE_LIMIT = 1_000_000;
const PORT_TEXT = /^[0-9]{1,5}$/;
const RATE_TEXT = /^[0-9]{1,7}(\.[0-9]{1,6})?$/;
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
    ...(args.journal !== undefined && { journal: args.journal }),
    ...(maxBytes !== undefined && { idempotencyMaxBytes: maxBytes }),
  };
  if (parsed.grants.length > 0) return { ...common, grants: parsed.grants };
  const generatedKey = generateApiKey();
  return { ...common, grants: [{ key: generatedKey, account: 'account-1' }], generatedKey };
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

/** What `simex serve` prints once listening: the URL first, then the key and a curl that works as printed. */
export function startupLines(url: string, config: ServeConfig): string[] {
  const key = config.generatedKey;
  const keyHeader = key === undefined ? '"X-API-Key: $SIMEX_API_KEY"' : `'X-API-Key: ${key}'`;
  const order = `'{"symbol":"BTC-USD","side":"buy","type":"market","size":"0.01"}'`;
  return [
    `simex listening on ${url}`,
    key === undefined
      ? `API keys: ${config.grants.length} configured (export SIMEX_API_KEY=<one of them> for the example)`
      : `API key (generated for this run, account account-1): ${key}`,
    `try: curl -s -X POST -H ${keyHeader} -H 'Content-Type: application/json' -d ${order} ${url}/v1/orders`,
  ];
}
