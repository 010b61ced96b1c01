import type { CommandModule } from 'yargs';

export const importCommand: CommandModule = {
  command: 'import',
  describe: '(not built yet)',
  handler: () => {
    process.stderr.write('simex import: not built yet\n');
    process.exitCode = 2;
  },
};
