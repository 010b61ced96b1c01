import type { Argv, CommandModule } from 'yargs';
import type { BacktestArguments } from '../runs/backtest/backtest-options.js';
import { EXIT_CODES, EXIT_CODES_HELP } from '../exit-codes.js';
import { requireInputFile } from '../file-errors.js';
import { BACKTEST_RUN_OPTIONS } from './backtest-run-options.js';

/** The --help example; a test runs it. The market maker quotes on its timer: --interval. */
export const BACKTEST_EXAMPLE =
  '$0 backtest --strategy scenarios/strategies/market-maker.ts --data flow.csv --out results ' +
  '--interval 1s --latency 5ms --maker-fee -0.0001 --taker-fee 0.0005 --param spread_ticks=3';

export const backtestCommand: CommandModule<object, BacktestArguments> = {
  command: 'backtest',
  describe: 'Run a strategy against a scenario CSV, with market impact, fees and latency',
  builder: (yargs: Argv) =>
    yargs
      .option('strategy', {
        type: 'string',
        demandOption: true,
        describe:
          'Strategy module (.ts or .js) with a default export: an object or class with hooks',
      })
      .option('data', {
        type: 'string',
        demandOption: true,
        describe: 'Scenario CSV (see docs/scenarios.md)',
      })
      .option('out', {
        type: 'string',
        describe:
          'Write summary.json, fills.csv, equity.csv, report.html here (default: the table only)',
      })
      .option('param', {
        type: 'string',
        array: true,
        describe: 'key=value for the strategy (ctx.params); repeatable',
      })
      .options(BACKTEST_RUN_OPTIONS)
      .example(BACKTEST_EXAMPLE, 'Backtest the example market maker; open results/report.html')
      .epilog(
        'Exit: 1 run_failed is a strategy hook that threw, ran longer than --hook-timeout or ' +
          'called process.exit, or a run past --max-memory (nothing written). ' +
          'See docs/backtest.md for the strategy API. ' +
          EXIT_CODES_HELP,
      ),
  handler: async (args) => {
    const { parseBacktestOptions } = await import('../runs/backtest/backtest-options.js');
    const options = parseBacktestOptions(args);
    if (typeof options === 'string') {
      process.stderr.write(`simex backtest: ${options}\n`);
      process.exitCode = EXIT_CODES.bad_input;
      return;
    }
    requireInputFile(options.dataFile);
    const { runGuardedBacktest } = await import('../runs/backtest/guarded-backtest.js');
    process.exitCode = await runGuardedBacktest(args, options, {
      stdout: process.stdout,
      stderr: process.stderr,
    });
  },
};
