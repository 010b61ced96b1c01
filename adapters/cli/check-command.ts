import type { CommandModule } from 'yargs';

export const checkCommand: CommandModule = {
  command: 'check',
  describe: '(not built yet)',
  handler: () => {
    process.stderr.write('simex check: not built yet\n');
    process.exitCode = 2;
  },
};
