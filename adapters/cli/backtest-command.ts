import type { Argv, CommandModule } from 'yargs';
import {
  DEFAULT_ACCOUNT,
  DEFAULT_SAMPLE,
  parseBacktestOptions,
  type BacktestArguments,
} from '../backtest/backtest-options.js';
import { EXIT_BAD_INPUT, runBacktest } from '../backtest/run-backtest.js';

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
        describe: "Delay of the strategy's orders and cancels reaching the venue (250, 250ms, 1s)",
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
      .example(
        '$0 backtest --strategy scenarios/strategies/market-maker.ts --data flow.csv --out results ' +
          '--latency 5ms --maker-fee -0.0001 --taker-fee 0.0005 --param spread_ticks=3',
        'Backtest the example market maker; open results/report.html',
      )
      .epilog(
        'Exit codes: 0 done, 1 a strategy hook threw (nothing written), 2 a bad argument, strategy ' +
          'file or data file. See docs/backtest.md for the strategy API.',
      ) as unknown as Argv<BacktestArguments>,
  handler: async (args) => {
    const options = parseBacktestOptions(args);
    if (typeof options === 'string') {
      process.stderr.write(`simex backtest: ${options}\n`);
      process.exitCode = EXIT_BAD_INPUT;
      return;
    }
    process.exitCode = await runBacktest(options, {
      stdout: process.stdout,
      stderr: process.stderr,
    });
  },
};
