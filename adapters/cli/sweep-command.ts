import type { Argv, CommandModule } from 'yargs';
import { EXIT_CODES, EXIT_CODES_HELP, type ExitReason } from '../exit-codes.js';
import { requireInputFile } from '../file-errors.js';
import { BACKTEST_RUN_OPTIONS } from './backtest-run-options.js';
import type { SweepOutcome } from '../runs/backtest/sweep/index.js';

interface SweepCommandArguments {
  readonly action?: string;
  readonly dirs?: readonly string[];
  readonly strategy?: string;
  readonly data?: string;
  readonly grid?: readonly string[];
  readonly param?: readonly string[];
  readonly random?: number;
  readonly seed?: string;
  readonly workers?: number;
  readonly out?: string;
  readonly holdout?: string;
  readonly rank?: string;
  readonly x?: string;
  readonly y?: string;
  readonly shard?: string;
}

/** The --help examples; a test runs them. */
export const SWEEP_EXAMPLE =
  '$0 sweep --strategy scenarios/strategies/market-maker.ts --data flow.csv --interval 1s ' +
  '--grid spread_ticks=1..4:1 --grid size=0.05,0.1 --holdout 30% --out sweep';
export const MERGE_EXAMPLE = '$0 sweep merge shard-0 shard-1 --out sweep';

export const sweepCommand: CommandModule<object, SweepCommandArguments> = {
  command: 'sweep [action] [dirs..]',
  describe: 'Backtest a strategy over a grid of params, in worker threads; merge shards',
  builder: (yargs: Argv) =>
    yargs
      .positional('action', {
        type: 'string',
        choices: ['merge'],
        describe: 'merge: join the output directories of the shards (DIR...) into --out',
      })
      .positional('dirs', { type: 'string', array: true, describe: 'Shard directories to merge' })
      .option('strategy', { type: 'string', describe: 'Strategy module (.ts or .js)' })
      .option('data', { type: 'string', describe: 'Flow: scenario CSV or Arrow file' })
      .option('grid', {
        type: 'string',
        array: true,
        describe: 'key=v1,v2,... or key=start..end:step (exact decimals); repeatable',
      })
      .option('param', {
        type: 'string',
        array: true,
        describe: 'key=value, the same in every combination; repeatable',
      })
      .option('random', { type: 'number', describe: 'Run N combinations drawn from the grid' })
      .option('seed', { type: 'string', describe: 'Seed of the --random draw (default 1)' })
      .option('workers', {
        type: 'number',
        describe: 'Worker threads (default: the cores, at most one per combination)',
      })
      .option('out', {
        type: 'string',
        describe: 'Write results.csv, results.json, report.html here',
      })
      .option('holdout', {
        type: 'string',
        describe: 'Hold out the last P% of the flow (e.g. 30%): rank on the rest, report both',
      })
      .option('rank', { type: 'string', default: 'net_pnl', describe: 'Metric to rank by' })
      .option('x', { type: 'string', describe: 'Heatmap x: a --grid key (default the first)' })
      .option('y', { type: 'string', describe: 'Heatmap y: a --grid key (default the next)' })
      .option('shard', {
        type: 'string',
        describe: 'Run shard i of N (i/N, i from 0): every Nth combination; needs --out',
      })
      .options(BACKTEST_RUN_OPTIONS)
      .example(SWEEP_EXAMPLE, '8 combinations of the market maker; open sweep/report.html')
      .example(MERGE_EXAMPLE, 'Join the outputs of --shard 0/2 and --shard 1/2')
      .epilog(
        'Exit: 1 run_failed is a combination that failed (its row has the error; the others ran). ' +
          'See docs/sweep.md. ' +
          EXIT_CODES_HELP,
      ) as unknown as Argv<SweepCommandArguments>,
  handler: async (args) => {
    const fail = (message: string, reason: ExitReason = 'bad_input') => {
      process.stderr.write(`simex sweep${args.action === 'merge' ? ' merge' : ''}: ${message}\n`);
      process.exitCode = EXIT_CODES[reason];
    };
    const dirs = args.dirs ?? [];
    const { mergeShards, sweepTable } = await import('../runs/backtest/sweep/index.js');
    if (args.action === 'merge') {
      if (dirs.length === 0)
        return fail('name the shard directories: simex sweep merge DIR... --out DIR');
      if (args.out === undefined || args.out === '') return fail('missing required option --out');
      const merged = mergeShards(dirs, args.out);
      return typeof merged === 'string' ? fail(merged) : report(merged, sweepTable);
    }
    if (dirs.length > 0) return fail(`unexpected argument ${dirs[0]}`);
    if (args.strategy === undefined) return fail('missing required option --strategy');
    if (args.data === undefined) return fail('missing required option --data');
    requireInputFile(args.data);
    const { parseParamPairs } = await import('../runs/backtest/strategy-params.js');
    const params = parseParamPairs(args.param ?? []);
    if (typeof params === 'string') return fail(params);
    // Every option by its camelCase name (yargs also gives kebab-case copies, `_` and `$0`).
    const options = Object.fromEntries(
      Object.entries(args).filter(
        ([key]) => /^[a-z][A-Za-z]*$/.test(key) && !['action', 'dirs', 'param'].includes(key),
      ),
    );
    const { sweep } = await import('../runs/backtest/index.js');
    const result = await sweep({
      ...options,
      strategy: args.strategy,
      data: args.data,
      params,
      progress: process.stderr,
    });
    return result.ok
      ? report(result.value, sweepTable)
      : fail(result.error.message, result.error.code);
  },
};

function report(outcome: SweepOutcome, sweepTable: (outcome: SweepOutcome) => string): void {
  process.stdout.write(sweepTable(outcome));
  if (outcome.failed > 0) {
    process.stderr.write(
      `simex sweep: ${outcome.failed} of ${outcome.ranked.length} combinations failed (see the error column)\n`,
    );
    process.exitCode = EXIT_CODES.run_failed;
  }
}
