import { generateApiKey, parseApiKeySpecs, type ApiKeyGrant } from './api-keys.js';

export interface ServeArguments {
  readonly port?: number | undefined;
  readonly host?: string | undefined;
  readonly apiKey?: readonly string[] | undefined;
  readonly rateLimit: number;
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
/** The smallest `--idempotency-max-bytes`: room for a few thousand order responses. */
export const MIN_IDEMPOTENCY_BYTES = 1024 * 1024;

/** Flags win over the environment (SIMEX_PORT, SIMEX_HOST, SIMEX_API_KEYS; empty is unset); an error is a message. */
export function resolveServeConfig(
  args: ServeArguments,
  env: Readonly<Record<string, string | undefined>>,
): ServeConfig | { error: string } {
  const setting = (name: string) => (env[name] === '' ? undefined : env[name]);
  const portText = args.port ?? setting('SIMEX_PORT') ?? DEFAULT_PORT;
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    return { error: `port must be an integer from 0 to 65535, not ${String(portText)}` };
  }
  const host = args.host ?? setting('SIMEX_HOST') ?? DEFAULT_HOST;
  if (host === '') return { error: 'host must not be empty' };
  if (!Number.isFinite(args.rateLimit) || args.rateLimit < 0) {
    return { error: 'rate limit must be a number of requests per second, 0 or more' };
  }
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
    rateLimit: args.rateLimit,
    ...(args.journal !== undefined && { journal: args.journal }),
    ...(maxBytes !== undefined && { idempotencyMaxBytes: maxBytes }),
  };
  if (parsed.grants.length > 0) return { ...common, grants: parsed.grants };
  const generatedKey = generateApiKey();
  return { ...common, grants: [{ key: generatedKey, account: 'account-1' }], generatedKey };
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
