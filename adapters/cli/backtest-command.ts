import type { Argv, CommandModule } from 'yargs';
import {
  DEFAULT_ACCOUNT,
  DEFAULT_SAMPLE,
  parseBacktestOptions,
  type BacktestArguments,
} from '../backtest/backtest-options.js';
import { runBacktest } from '../backtest/run-backtest.js';
import { EXIT_CODES, EXIT_CODES_HELP } from '../exit-codes.js';
import { requireInputFile } from '../file-errors.js';

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
      .option('latency', {
        type: 'string',
        default: '0',
        describe:
          "Delay of the strategy's orders, cancels and amends reaching the venue: a latency " +
          'spec, 5 (ms), 5ms, 1s, lognormal:median=5,sigma=0.5[,spike=0.01x20] or file:PATH.csv[#column]',
      })
      .option('latency-entry', {
        type: 'string',
        describe: 'Latency spec of new orders (default --latency)',
      })
      .option('latency-cancel', {
        type: 'string',
        describe: 'Latency spec of cancels (default --latency)',
      })
      .option('latency-amend', {
        type: 'string',
        describe: 'Latency spec of amends and reduces (default --latency)',
      })
      .option('latency-response', {
        type: 'string',
        describe:
          'Latency spec of the venue answers: acknowledgements, fills, refusals (default 0)',
      })
      .option('latency-feed', {
        type: 'string',
        describe: 'Latency spec of market data: trades and book changes (default 0)',
      })
      .option('latency-order', {
        type: 'string',
        default: 'fifo',
        describe:
          'fifo: actions reach the venue in the order sent; overtake: each after its own latency',
      })
      .option('latency-seed', {
        type: 'string',
        default: '0',
        describe: 'Seed of the lognormal latency draws',
      })
      .option('maker-fee', {
        type: 'string',
        default: '0',
        describe: 'Maker fee rate; negative is a rebate',
      })
      .option('taker-fee', { type: 'string', default: '0', describe: 'Taker fee rate' })
      .option('interval', {
        type: 'string',
        describe: 'Call onTimer this often (e.g. 1s); default never',
      })
      .option('sample', {
        type: 'string',
        default: DEFAULT_SAMPLE,
        describe: 'Sample equity this often, for equity.csv, drawdown, Sharpe and Sortino',
      })
      .option('account', {
        type: 'string',
        default: DEFAULT_ACCOUNT,
        describe: "The strategy's account",
      })
      .example(BACKTEST_EXAMPLE, 'Backtest the example market maker; open results/report.html')
      .epilog(
        'Exit: 1 run_failed is a strategy hook that threw (nothing written). ' +
          'See docs/backtest.md for the strategy API. ' +
          EXIT_CODES_HELP,
      ) as unknown as Argv<BacktestArguments>,
  handler: async (args) => {
    const options = parseBacktestOptions(args);
    if (typeof options === 'string') {
      process.stderr.write(`simex backtest: ${options}\n`);
      process.exitCode = EXIT_CODES.bad_input;
      return;
    }
    requireInputFile(options.dataFile);
    process.exitCode = await runBacktest(options, {
      stdout: process.stdout,
      stderr: process.stderr,
    });
  },
};
