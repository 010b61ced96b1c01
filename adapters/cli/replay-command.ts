import type { CommandModule } from 'yargs';

export const replayCommand: CommandModule = {
  command: 'replay',
  describe: '(not built yet)',
  handler: () => {
    process.stderr.write('simex replay: not built yet\n');
    process.exitCode = 2;
  },
};
