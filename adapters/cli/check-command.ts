import type { Argv, CommandModule } from 'yargs';
import { runPropertyCheck } from '../check/property-check.js';

interface CheckArguments {
  readonly runs: number;
  readonly seed?: number;
  readonly events: number;
  readonly out: string;
}

export const checkCommand: CommandModule<object, CheckArguments> = {
  command: 'check',
  describe: 'Property-test the invariants (docs/invariants.md) over generated order flows',
  builder: (yargs: Argv) =>
    yargs
      .option('runs', { type: 'number', default: 200, describe: 'Number of generated flows' })
      .option('seed', {
        type: 'number',
        describe: 'fast-check seed (default: a fresh one, printed)',
      })
      .option('events', { type: 'number', default: 60, describe: 'Most rows per flow' })
      .option('out', {
        type: 'string',
        default: '.',
        describe: 'Directory for a counterexample CSV',
      })
      .check((args) => {
        if (!Number.isSafeInteger(args.runs) || args.runs < 1)
          throw new Error('--runs must be a positive integer');
        if (!Number.isSafeInteger(args.events) || args.events < 1)
          throw new Error('--events must be a positive integer');
        if (args.seed !== undefined && !Number.isSafeInteger(args.seed))
          throw new Error('--seed must be an integer');
        return true;
      })
      .example(
        '$0 check --runs 1000 --seed 42',
        'A thousand flows; a failure is shrunk and written as a scenario CSV',
      )
      .epilog(
        'Exit codes: 0 every flow kept every invariant, 1 a counterexample was written.',
      ) as unknown as Argv<CheckArguments>,
  handler: async (args) => {
    const seed = args.seed ?? (Date.now() ^ (process.pid << 16)) >>> 0;
    const report = await runPropertyCheck({
      runs: args.runs,
      seed,
      maxEvents: args.events,
      outDir: args.out,
    });
    if (report.ok) {
      process.stdout.write(`${report.runs} flows kept every invariant (seed ${seed})\n`);
      return;
    }
    const where =
      report.violation === null
        ? report.error
        : `line ${report.violation.line}: invariant ${report.violation.invariant} violated: ${report.violation.message}`;
    process.stdout.write(
      `counterexample (${report.rows} rows, seed ${seed}): ${report.path}\n${where}\n` +
        `reproduce: simex replay ${report.path} --check\n`,
    );
    process.exitCode = 1;
  },
};
