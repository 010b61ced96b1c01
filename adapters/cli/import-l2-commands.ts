/** `simex import tardis` and `simex import binance`: market data into an L2 flow (docs/l2.md). */
import type { Argv, CommandModule } from 'yargs';
import { EXIT_CODES, EXIT_CODES_HELP } from '../exit-codes.js';
import { OUT_OPTION, writeFlowTo } from './flow-output.js';

const L2_FORMAT_OPTION = {
  choices: ['csv', 'arrow'],
  default: 'csv',
  describe: 'csv: the L2 CSV form; arrow: the L2 Arrow form (docs/l2.md)',
} as const;

const SYMBOL_OPTION = {
  type: 'string',
  demandOption: true,
  describe: 'The symbol the rows carry, BASE-QUOTE (e.g. BTC-USDT)',
} as const;

const L2_EPILOG =
  'Malformed input (a gap in update ids, a crossed book, time going backwards, a bad cell) is ' +
  'reported as file:line:column: reason, and nothing is written to --out. ';

interface TardisArguments {
  readonly bookFile: string;
  readonly trades?: string;
  readonly symbol: string;
  readonly format: 'csv' | 'arrow';
  readonly out?: string;
}

export const tardisImportCommand: CommandModule<object, TardisArguments> = {
  command: 'tardis <book-file>',
  describe: "Convert Tardis.dev's incremental_book_L2 CSV (and trades CSV) into an L2 flow",
  builder: (yargs: Argv) =>
    yargs
      .positional('book-file', {
        type: 'string',
        demandOption: true,
        describe: 'Tardis incremental_book_L2 CSV file',
      })
      .option('trades', {
        type: 'string',
        describe: 'Tardis trades CSV file of the same symbol and day',
      })
      .option('symbol', SYMBOL_OPTION)
      .option('format', L2_FORMAT_OPTION)
      .option('out', OUT_OPTION)
      .example(
        '$0 import tardis binance_incremental_book_L2_2024-01-01_BTCUSDT.csv --trades binance_trades_2024-01-01_BTCUSDT.csv --symbol BTC-USDT --out day.l2.csv',
        'A day of depth and trades as one L2 flow',
      )
      .epilog(L2_EPILOG + EXIT_CODES_HELP) as unknown as Argv<TardisArguments>,
  handler: async (args) => {
    const { importTardis } = await import('../flow/l2/index.js');
    await runImport('tardis', args.out, async (out) => {
      const counts = await importTardis(
        {
          bookFile: args.bookFile,
          ...(args.trades === undefined ? {} : { tradesFile: args.trades }),
          symbol: args.symbol,
          format: args.format,
        },
        out,
      );
      return `${counts.bookRows} book rows, ${counts.trades} trades; skipped: ${counts.unknownSideTrades} trades of unknown side`;
    });
  },
};

/** Runs an import, its note on stderr; bad input is one line and exit code bad_input. */
async function runImport(
  source: string,
  path: string | undefined,
  write: (out: import('node:stream').Writable) => Promise<string>,
): Promise<void> {
  const { ImportOptionError, L2InputError } = await import('../flow/l2/index.js');
  try {
    const note = await writeFlowTo(path, write);
    process.stderr.write(`simex import ${source}: ${note}\n`);
  } catch (error) {
    if (!(error instanceof L2InputError || error instanceof ImportOptionError)) throw error;
    process.stderr.write(`simex import ${source}: ${error.message}\n`);
    process.exitCode = EXIT_CODES.bad_input;
  }
}

interface BinanceArguments {
  readonly eventsFile: string;
  readonly snapshot: string;
  readonly symbol: string;
  readonly format: 'csv' | 'arrow';
  readonly out?: string;
}

export const binanceImportCommand: CommandModule<object, BinanceArguments> = {
  command: 'binance <events-file>',
  describe:
    'Convert a recorded Binance depthUpdate stream (JSON lines) and its REST depth snapshot into an L2 flow',
  builder: (yargs: Argv) =>
    yargs
      .positional('events-file', {
        type: 'string',
        demandOption: true,
        describe: 'JSON lines of depthUpdate (and trade, aggTrade) events',
      })
      .option('snapshot', {
        type: 'string',
        demandOption: true,
        describe: 'The REST depth snapshot (GET /api/v3/depth) taken while recording',
      })
      .option('symbol', SYMBOL_OPTION)
      .option('format', L2_FORMAT_OPTION)
      .option('out', OUT_OPTION)
      .example(
        '$0 import binance btcusdt-depth.jsonl --snapshot btcusdt-depth-snapshot.json --symbol BTC-USDT --out day.l2.csv',
        'The recording from the first event past the snapshot on',
      )
      .epilog(L2_EPILOG + EXIT_CODES_HELP) as unknown as Argv<BinanceArguments>,
  handler: async (args) => {
    const { importBinance } = await import('../flow/l2/index.js');
    await runImport('binance', args.out, async (out) => {
      const counts = await importBinance(
        {
          eventsFile: args.eventsFile,
          snapshotFile: args.snapshot,
          symbol: args.symbol,
          format: args.format,
        },
        out,
      );
      return (
        `${counts.snapshotLevels} snapshot levels, ${counts.updates} level updates, ${counts.trades} trades; ` +
        `skipped: ${counts.beforeSnapshot} events before the snapshot, ${counts.otherEvents} events of other types`
      );
    });
  },
};
