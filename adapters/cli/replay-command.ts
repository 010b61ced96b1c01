import type { Argv, CommandModule } from 'yargs';
import { DEFAULT_FULL_CHECK_EVERY } from '../runs/check/full-check-every.js';
import { EXIT_CODES_HELP } from '../exit-codes.js';
import { requireInputFile } from '../file-errors.js';

interface ReplayArguments {
  readonly file: string;
  readonly out?: string;
  readonly check: boolean;
  readonly checkEvery: number;
  readonly strict: boolean;
}

export const replayCommand: CommandModule<object, ReplayArguments> = {
  command: 'replay <file>',
  describe: 'Replay a scenario CSV through the exchange core',
  builder: (yargs: Argv) =>
    yargs
      .positional('file', {
        type: 'string',
        demandOption: true,
        describe: 'Scenario CSV (see docs/scenarios.md)',
      })
      .option('out', {
        type: 'string',
        describe:
          'Write trades.csv, orders.csv, book.json, ticker.json here (default: a summary on stdout)',
      })
      .option('check', {
        type: 'boolean',
        default: false,
        describe: 'Check every invariant after every row',
      })
      .option('check-every', {
        type: 'number',
        default: DEFAULT_FULL_CHECK_EVERY,
        describe: 'Rows between two full comparisons of the whole state (--check)',
      })
      .check((args) => {
        const every = args['check-every'];
        if (!Number.isSafeInteger(every) || every < 1)
          throw new Error('--check-every must be a positive integer');
        return true;
      })
      .option('strict', {
        type: 'boolean',
        default: false,
        describe: 'Stop at the first row the venue refuses',
      })
      .check((args) => {
        if (args.out === '') throw new Error('--out must name a directory');
        return true;
      })
      .example(
        '$0 replay flow.csv --out results --check',
        'Replay, check, and write the outputs to results/',
      )
      .epilog(
        'Exit: 1 run_failed is a refused row under --strict; a malformed file is bad_input, ' +
          'reported as file:line:column: reason. ' +
          EXIT_CODES_HELP,
      ) as unknown as Argv<ReplayArguments>,
  handler: async (args) => {
    requireInputFile(args.file);
    const { replayFile } = await import('../runs/replay/replay-file.js');
    const check = args.check ? await import('../runs/check/invariant-observer.js') : null;
    process.exitCode = await replayFile({
      file: args.file,
      out: args.out ?? null,
      observe: check && ((venue) => check.invariantObserver(venue, args.checkEvery)),
      strict: args.strict,
      stdout: process.stdout,
      stderr: process.stderr,
    });
  },
};
