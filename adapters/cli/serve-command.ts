import { EXIT_CODES } from '../exit-codes.js';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';

const builder = (yargs: Argv) =>
  yargs
    .option('port', {
      type: 'string',
      describe: 'Port; 0 picks a free one [env SIMEX_PORT] (default 8080)',
    })
    .option('host', {
      type: 'string',
      describe: 'Address to listen on [env SIMEX_HOST] (default 127.0.0.1)',
    })
    .option('api-key', {
      type: 'string',
      array: true,
      describe:
        'KEY[:ACCOUNT], repeatable [env SIMEX_API_KEYS, comma separated]; none: one is generated',
    })
    .option('rate-limit', {
      type: 'string',
      describe:
        'Requests per second per key, and per address without a valid key (burst twice that): 0 (off) or 0.5 to 1000000 (default 100)',
    })
    .option('journal', {
      type: 'string',
      describe: 'Scenario CSV file every accepted command is appended to, replayed at start',
    })
    .option('idempotency-max-bytes', {
      type: 'number',
      describe: 'Memory kept for Idempotency-Key responses (default 64 MiB); the oldest go first',
    })
    .option('max-open-orders', {
      type: 'string',
      describe:
        'Orders one account may have open per symbol, waiting stops included: 1 to 1000000 (default 200)',
    })
    .option('max-stop-orders', {
      type: 'string',
      describe: 'Stop orders one account may have waiting per symbol: 1 to 1000000 (default 10)',
    })
    .option('balances', {
      type: 'string',
      describe:
        'JSON file of the balances: {"initial":{ASSET:AMOUNT},"accounts":{ACCOUNT:{ASSET:AMOUNT}},"makerFeeBps":N,"takerFeeBps":N} (default: every account 1000000000 of each asset, no fees)',
    })
    .option('market', {
      type: 'string',
      describe:
        'What moves the market: none (the frozen demo book), agents (a seeded population) or a flow FILE (CSV or Arrow) replayed in scaled time; the last one given wins (default none)',
    })
    .option('seed', {
      type: 'string',
      describe: '--market agents: the seed, an integer from 0 to 4294967295 (default 1)',
    })
    .option('agents', {
      type: 'string',
      describe: "--market agents: a JSON file of the agents' parameters (docs/market.md)",
    })
    .option('speed', {
      type: 'string',
      describe: '--market FILE: flow time runs this many times faster than real time (default 1)',
    })
    .option('loop', {
      type: 'boolean',
      describe: '--market FILE: start the flow again when it ends (its resting orders cancelled)',
    })
    .example('$0 serve --market agents --seed 7', 'a live market of seeded agents')
    .example('$0 serve --market flow.csv --speed 10 --loop', 'a flow replayed ten times faster');

type ServeOptions = Awaited<ReturnType<typeof builder>['argv']>;

export const serveCommand: CommandModule = {
  builder: (yargs) => builder(yargs),
  command: 'serve',
  describe:
    'Serve the /v1 REST API on the default venue (BTC-USD, ETH-USD), frozen or moved by agents or a flow',
  handler: async (argv) => {
    const { resolveServeConfig, startupLines } = await import('../server/http/serve-config.js');
    const config = resolveServeConfig(argv as ArgumentsCamelCase<ServeOptions>, process.env);
    if ('error' in config) return fail(config.error);
    const log = (line: string) => process.stderr.write(`simex: ${line}\n`);
    const { market, ...settings } = config;
    const [{ startServer }, { planMarket, wallClockScheduler }] = await Promise.all([
      import('../server/http/server.js'),
      import('../server/market/index.js'),
    ]);
    const plan = await planMarket(market, wallClockScheduler, log);
    if ('error' in plan) return fail(plan.error);
    const { readBalancesFile } = await import('../server/http/serve-config.js');
    const balancesFile = (argv as ArgumentsCamelCase<ServeOptions>).balances;
    const balances = balancesFile === undefined ? undefined : await readBalancesFile(balancesFile);
    if (balances !== undefined && 'error' in balances) return fail(balances.error);
    let running;
    try {
      running = await startServer({
        ...settings,
        log,
        demoLiquidity: plan.demoLiquidity,
        ...(plan.instruments !== undefined && { instruments: plan.instruments }),
        ...(plan.start !== undefined && { market: plan.start }),
        ...(balances !== undefined && { balances }),
      });
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
    const served = { instruments: running.venue.instruments(), description: plan.description };
    process.stdout.write(startupLines(running.url, config, served).join('\n') + '\n');
    const server = running;
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      const journal = config.journal === undefined ? '' : ', flushing the journal';
      log(`${signal}: finishing requests in flight${journal}`);
      server.close().then(
        () => process.exit(EXIT_CODES.ok),
        (error: unknown) => {
          log(`shutdown failed: ${String(error)}`);
          process.exit(EXIT_CODES.run_failed);
        },
      );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  },
};

/** Nothing was served: a setting, the journal or the address was refused. */
function fail(message: string): void {
  process.stderr.write(`simex serve: ${message}\n`);
  process.exitCode = EXIT_CODES.bad_input;
}
