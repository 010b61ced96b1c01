import type { Argv, CommandModule } from 'yargs';
import { ScenarioSyntaxError } from '../flow/scenario-error.js';

interface ConvertArguments {
  readonly file: string;
  readonly out: string;
}

export const convertCommand: CommandModule<object, ConvertArguments> = {
  command: 'convert <file>',
  describe: 'Convert a scenario CSV into an Arrow flow (see docs/flows.md)',
  builder: (yargs: Argv) =>
    yargs
      .positional('file', { type: 'string', demandOption: true, describe: 'Scenario CSV' })
      .option('out', {
        type: 'string',
        demandOption: true,
        describe: 'The Arrow IPC file to write (replaced only on success)',
      })
      .example('$0 convert flow.csv --out flow.arrow', 'The same flow as an Arrow IPC file')
      .epilog('Exit codes: 0 done, 2 a malformed or unreadable input (file:line:column: reason).'),
  handler: async (args) => {
    const { convertFlowFile } = await import('../flow/arrow/convert-flow.js');
    try {
      await convertFlowFile(args.file, args.out);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (error instanceof ScenarioSyntaxError) process.stderr.write(`${error.message}\n`);
      else if (typeof code === 'string')
        process.stderr.write(`simex convert: ${(error as Error).message}\n`);
      else throw error;
      process.exitCode = 2;
    }
  },
};
