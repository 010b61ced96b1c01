import type { Argv, CommandModule } from 'yargs';
import { EXIT_CODES, EXIT_CODES_HELP } from '../exit-codes.js';
import { FORMAT_OPTION, OUT_OPTION, writeFlowTo } from './flow-output.js';
import { binanceImportCommand, tardisImportCommand } from './import-l2-commands.js';

interface ImportArguments {
  readonly messageFile: string;
  readonly symbol: string;
  readonly orderbook?: string;
  readonly date?: string;
  readonly format: 'csv' | 'arrow';
  readonly out?: string;
}

const lobsterImportCommand: CommandModule<object, ImportArguments> = {
  command: 'lobster <message-file>',
  describe: 'Convert a LOBSTER message file into a scenario CSV or Arrow flow (stdout or --out)',
  builder: (yargs: Argv) =>
    yargs
      .positional('message-file', {
        type: 'string',
        demandOption: true,
        describe: 'LOBSTER message file',
      })
      .option('symbol', {
        type: 'string',
        demandOption: true,
        describe: 'Symbol to trade, BASE-QUOTE (e.g. GOOG-USD)',
      })
      .option('orderbook', {
        type: 'string',
        describe:
          'The matching orderbook file: seeds the orders placed before the file starts and keeps deeper levels in step',
      })
      .option('date', {
        type: 'string',
        describe: 'Trading day YYYY-MM-DD (default: from the file name)',
      })
      .option('format', FORMAT_OPTION)
      .option('out', OUT_OPTION)
      .check((args) => {
        if (args.orderbook === '') throw new Error('--orderbook must name a file');
        return true;
      })
      .example(
        '$0 import lobster GOOG_2012-06-21_message_10.csv --symbol GOOG-USD --orderbook GOOG_2012-06-21_orderbook_10.csv > goog.csv',
        'A full day (the date comes from the file name); replaying goog.csv reproduces the orderbook file at its 10 levels',
      )
      .epilog(
        'Book orders use account lobster, executions account lobster-taker (ioc orders of the other side), ' +
          'seed and depth orders account lobster-depth. Skipped messages are counted on stderr. ' +
          'Malformed input is reported as file:line:column: reason. ' +
          EXIT_CODES_HELP,
      ) as unknown as Argv<ImportArguments>,
  handler: async (args) => {
    const { ImportUsageError, LobsterInputError, describeCounts, importLobster } =
      await import('../flow/lobster/index.js');
    try {
      const counts = await writeFlowTo(args.out, (out) =>
        importLobster(
          {
            messageFile: args.messageFile,
            symbol: args.symbol,
            ...(args.orderbook === undefined ? {} : { orderbookFile: args.orderbook }),
            ...(args.date === undefined ? {} : { date: args.date }),
            format: args.format,
          },
          out,
        ),
      );
      process.stderr.write(describeCounts(counts));
    } catch (error) {
      if (!(error instanceof LobsterInputError || error instanceof ImportUsageError)) throw error;
      process.stderr.write(`simex import lobster: ${error.message}\n`);
      process.exitCode = EXIT_CODES.bad_input;
    }
  },
};

/** The sources `simex import` reads, each its own subcommand with its own options. */
const IMPORT_SOURCES = {
  lobster: lobsterImportCommand,
  tardis: tardisImportCommand,
  binance: binanceImportCommand,
};

export const importCommand: CommandModule & {
  readonly subcommands: Readonly<Record<string, CommandModule>>;
} = {
  command: 'import',
  describe: `Convert market data into a flow: import ${Object.keys(IMPORT_SOURCES).join('|')}`,
  builder: (yargs: Argv) => {
    for (const command of Object.values(IMPORT_SOURCES)) yargs.command(command as CommandModule);
    return yargs.demandCommand(1, `name a source: ${Object.keys(IMPORT_SOURCES).join(', ')}`);
  },
  handler: () => {},
  subcommands: IMPORT_SOURCES as unknown as Readonly<Record<string, CommandModule>>,
};
