import type { CommandModule } from 'yargs';

export const serveCommand: CommandModule = {
  command: 'serve',
  describe: '(not built yet)',
  handler: () => {
    process.stderr.write('simex serve: not built yet\n');
    process.exitCode = 2;
  },
};
