import type { CommandModule } from 'yargs';

export const backtestCommand: CommandModule = {
  command: 'backtest',
  describe: '(not built yet)',
  handler: () => {
    process.stderr.write('simex backtest: not built yet\n');
    process.exitCode = 2;
  },
};
