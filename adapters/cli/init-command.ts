import type { Argv, CommandModule } from 'yargs';

interface InitArguments {
  readonly file: string;
}

export const initCommand: CommandModule<object, InitArguments> = {
  command: 'init strategy <file>',
  describe: 'Write a commented starting strategy (.ts or .js) for simex backtest',
  builder: (yargs: Argv) =>
    yargs
      .positional('file', { type: 'string', demandOption: true, describe: 'The file to create' })
      .example(
        '$0 init strategy my-strategy.ts',
        'Then: npx simex backtest --strategy my-strategy.ts --data flow.csv --interval 1s',
      ),
  handler: async (args) => {
    const { writeStarterStrategy } = await import('../runs/backtest/init/write-strategy.js');
    const problem = writeStarterStrategy(args.file);
    if (problem !== null) {
      console.error(problem);
      process.exitCode = 2;
      return;
    }
    console.log(`wrote ${args.file}; try it on a generated flow:`);
    console.log('  npx simex generate --seed 7 --events 100000 > flow.csv');
    console.log(`  npx simex backtest --strategy ${args.file} --data flow.csv --interval 1s`);
  },
};
