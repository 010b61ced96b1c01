import type { Argv, CommandModule } from 'yargs';
import { EXIT_CODES, EXIT_CODES_HELP } from '../exit-codes.js';

/** The seed when none is given: the same flows on every run, like every other simex command. */
const DEFAULT_CHECK_SEED = 1;

interface CheckArguments {
  readonly runs: number;
  readonly seed: string;
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
        type: 'string',
        default: String(DEFAULT_CHECK_SEED),
        describe: 'fast-check seed (an integer), or "random" for a fresh one (printed)',
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
        if (args.seed !== 'random' && !/^-?[0-9]{1,15}$/.test(args.seed))
          throw new Error(`--seed must be an integer or "random", got "${args.seed}"`);
        return true;
      })
      .example(
        '$0 check --runs 1000 --seed 42',
        'A thousand flows; a failure is shrunk and written as a scenario CSV',
      )
      .epilog('Exit: 3 invariant_violated means a counterexample was written. ' + EXIT_CODES_HELP),
  handler: async (args) => {
    const seed =
      args.seed === 'random' ? (Date.now() ^ (process.pid << 16)) >>> 0 : Number(args.seed);
    const { runPropertyCheck } = await import('../runs/check/property-check.js');
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
        `reproduce: simex replay ${report.path} --check --check-every 1\n`,
    );
    process.exitCode = EXIT_CODES.invariant_violated;
  },
};
