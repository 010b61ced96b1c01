import type { CommandModule } from 'yargs';

export const generateCommand: CommandModule = {
  command: 'generate',
  describe: '(not built yet)',
  handler: () => {
    process.stderr.write('simex generate: not built yet\n');
    process.exitCode = 2;
  },
};
