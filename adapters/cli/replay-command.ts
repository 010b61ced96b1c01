import type { Argv, CommandModule } from 'yargs';
import { invariantObserver } from '../check/invariant-observer.js';
import { replayFile } from '../replay/replay-file.js';

interface ReplayArguments {
  readonly file: string;
  readonly out?: string;
  readonly check: boolean;
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
        describe: 'Scenario CSV (see SCENARIOS.md)',
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
      .option('strict', {
        type: 'boolean',
        default: false,
        describe: 'Stop at the first row the venue refuses',
      })
      .example(
        '$0 replay flow.csv --out results --check',
        'Replay, check, and write the outputs to results/',
      )
      .epilog(
        'Exit codes: 0 done, 1 a refused row with --strict, 2 a malformed file (file:line:column: reason), ' +
          '3 an invariant violated (--check).',
      ) as unknown as Argv<ReplayArguments>,
  handler: async (args) => {
    process.exitCode = await replayFile({
      file: args.file,
      out: args.out ?? null,
      observe: args.check ? invariantObserver : null,
      strict: args.strict,
      stdout: process.stdout,
      stderr: process.stderr,
    });
  },
};
