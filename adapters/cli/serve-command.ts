import { EXIT_CODES } from '../exit-codes.js';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { resolveServeConfig, startupLines } from '../http/serve-config.js';
import { startServer } from '../http/server.js';

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
    });

type ServeOptions = Awaited<ReturnType<typeof builder>['argv']>;

export const serveCommand: CommandModule = {
  builder: (yargs) => builder(yargs) as unknown as Argv,
  command: 'serve',
  describe: 'Serve the /v1 REST API on the default venue (BTC-USD, ETH-USD with demo liquidity)',
  handler: async (argv) => {
    const config = resolveServeConfig(argv as ArgumentsCamelCase<ServeOptions>, process.env);
    if ('error' in config) return fail(config.error);
    const log = (line: string) => process.stderr.write(`simex: ${line}\n`);
    let running;
    try {
      running = await startServer({ ...config, log });
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
    process.stdout.write(startupLines(running.url, config).join('\n') + '\n');
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
