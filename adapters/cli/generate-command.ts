import type { Argv, CommandModule } from 'yargs';
import type { FlowFormat } from '../runs/generate/write-flow.js';
import { parseScenarioTime } from '../flow/scenario-time.js';
import { EXIT_CODES_HELP } from '../exit-codes.js';
import { FORMAT_OPTION, OUT_OPTION, writeFlowTo } from './flow-output.js';
import { UsageError } from './usage-errors.js';

interface GenerateArguments {
  readonly seed: number;
  readonly events: number;
  readonly symbols: string[];
  readonly start: string;
  readonly interval: number;
  readonly accounts: number;
  readonly format: FlowFormat;
  readonly out?: string;
}

export const generateCommand: CommandModule<object, GenerateArguments> = {
  command: 'generate',
  describe: 'Write a seeded synthetic order flow (a scenario CSV or Arrow flow) to stdout or --out',
  builder: (yargs: Argv) =>
    yargs
      .option('seed', {
        type: 'number',
        demandOption: true,
        describe: 'Seed; the same seed gives the same bytes',
      })
      .option('events', { type: 'number', demandOption: true, describe: 'Number of rows' })
      .option('symbols', {
        type: 'string',
        array: true,
        default: ['BTC-USD', 'ETH-USD'],
        describe: 'Symbols to trade',
      })
      .option('start', {
        type: 'string',
        default: '2026-01-05T00:00:00.000Z',
        describe: 'Time of the first arrival',
      })
      .option('interval', {
        type: 'number',
        default: 100,
        describe: 'Mean milliseconds between arrivals',
      })
      .option('accounts', { type: 'number', default: 20, describe: 'Number of trading accounts' })
      .option('format', FORMAT_OPTION)
      .option('out', OUT_OPTION)
      .check((args) => {
        if (!Number.isSafeInteger(args.seed)) throw new Error('--seed must be an integer');
        if (!Number.isSafeInteger(args.events) || args.events < 0)
          throw new Error('--events must be a non-negative integer');
        if (!(args.interval > 0)) throw new Error('--interval must be positive');
        if (!Number.isSafeInteger(args.accounts) || args.accounts < 1)
          throw new Error('--accounts must be a positive integer');
        if (parseScenarioTime(args.start) === null)
          throw new Error('--start must be ISO 8601 UTC or epoch milliseconds');
        return true;
      })
      .example(
        '$0 generate --seed 7 --events 1000000 > flow.csv',
        'A million events on BTC-USD and ETH-USD',
      )
      .example(
        '$0 generate --seed 1 --events 500 --symbols BTC-USD SOL-USD',
        'Other symbols get tick 0.01, lot 0.0001',
      )
      .example(
        '$0 generate --seed 7 --events 1000000 --format arrow --out flow.arrow',
        'The same flow as an Arrow file',
      )
      .epilog(EXIT_CODES_HELP) as unknown as Argv<GenerateArguments>,
  handler: async (args) => {
    const { writeFlow } = await import('../runs/generate/write-flow.js');
    const { flowInstruments, symbolsRefusal } =
      await import('../runs/generate/flow-instruments.js');
    const refused = symbolsRefusal(args.symbols);
    if (refused !== null) throw new UsageError(`--symbols: ${refused}`);
    await writeFlowTo(args.out, (out) =>
      writeFlow(
        {
          seed: args.seed,
          events: args.events,
          instruments: flowInstruments(args.symbols),
          start: parseScenarioTime(args.start)!,
          meanIntervalMs: args.interval,
          accounts: args.accounts,
        },
        out,
        args.format,
      ),
    );
  },
};
