import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Bool,
  Dictionary,
  Float64,
  Int32,
  Int64,
  makeData,
  makeVector,
  Table,
  TimestampNanosecond,
  tableToIPC,
  Utf8,
  vectorFromArray,
  type DataType,
} from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeArrowFlow } from '../../adapters/flow/arrow/index.js';
import { parseBacktestOptions } from '../../adapters/runs/backtest/backtest-options.js';
import { runBacktestCommand } from '../../adapters/runs/backtest/run-backtest.js';
import { replayFile } from '../../adapters/runs/replay/replay-file.js';
import { replayRun } from '../replay-run.js';

const work = mkdtempSync(join(tmpdir(), 'simex-arrow-errors-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const T0 = Date.UTC(2026, 0, 5, 9, 30);
/** Two good rows, column by column, as a foreign writer (pandas) would give them. */
const GOOD: Record<string, unknown[]> = {
  ts: [BigInt(T0), BigInt(T0 + 1)],
  action: ['new', 'new'],
  id: ['m1', 't1'],
  account: ['alice', 'bob'],
  symbol: ['BTC-USD', 'BTC-USD'],
  side: ['sell', 'buy'],
  type: ['limit', 'market'],
  price: ['100.00', null],
  size: ['1.000', '0.500'],
  time_in_force: ['gtc', null],
  post_only: [false, null],
};
const TYPES: Record<string, () => DataType> = {
  ts: () => new Int64(),
  post_only: () => new Bool(),
};

let files = 0;
/** Writes a flow from columns (changed as given) and replays it; its exit code and stderr. */
async function replayColumns(
  change: (columns: Record<string, unknown[]>, types: Record<string, () => DataType>) => void,
  bytes?: (ipc: Uint8Array) => Uint8Array,
): Promise<{ code: number; stderr: string; file: string }> {
  const columns = structuredClone(GOOD);
  const types = { ...TYPES };
  change(columns, types);
  const vectors = Object.fromEntries(
    Object.entries(columns).map(([name, values]) => {
      const type = (types[name] ?? (() => new Utf8()))();
      // Exact nanoseconds, as pandas writes them (the builder would take float milliseconds).
      return [
        name,
        type instanceof TimestampNanosecond
          ? makeVector(
              makeData({
                type,
                length: values.length,
                data: BigInt64Array.from(values as bigint[]),
              }),
            )
          : vectorFromArray(values, type),
      ];
    }),
  );
  const ipc = tableToIPC(new Table(vectors), 'file');
  const file = join(work, `flow-${++files}.arrow`);
  writeFileSync(file, bytes === undefined ? ipc : bytes(ipc));
  const { code, stderr } = await replayRun({ file });
  return { code, stderr, file };
}

describe('a foreign or malformed Arrow flow gets one line naming the row and column, exit 2', () => {
  it('accepts a foreign file with plain utf8 columns and int64 epoch milliseconds', async () => {
    const { code, stderr } = await replayColumns(() => {});
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('accepts nanosecond timestamps (pandas) that are whole milliseconds', async () => {
    const { code, stderr } = await replayColumns((columns, types) => {
      columns['ts'] = [BigInt(T0) * 1_000_000n, BigInt(T0 + 1) * 1_000_000n];
      types['ts'] = () => new TimestampNanosecond();
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  const cases: [string, Parameters<typeof replayColumns>[0], string][] = [
    [
      'a missing column',
      (columns) => delete columns['price'],
      'column price: missing; a flow has columns ts, action, id, account, symbol, side, type, price, size, time_in_force, post_only (and optionally client_order_id, stop_price, stp, expire_at, quote_size)',
    ],
    [
      'an unknown column',
      (columns) => (columns['venue'] = ['x', 'y']),
      'column venue: unknown column; a flow has columns ts, action, id, account, symbol, side, type, price, size, time_in_force, post_only (and optionally client_order_id, stop_price, stp, expire_at, quote_size)',
    ],
    [
      'a wrong type',
      (columns, types) => {
        columns['price'] = [100, null];
        types['price'] = () => new Float64();
      },
      'column price: must be utf8 text, a dictionary of utf8, or int64 with simex.decimals (0 to 18) in its metadata, found Float64',
    ],
    [
      'int64 amounts without their decimals',
      (columns, types) => {
        columns['size'] = [1000n, 500n];
        types['size'] = () => new Int64();
      },
      'column size: must be utf8 text, a dictionary of utf8, or int64 with simex.decimals (0 to 18) in its metadata, found Int64',
    ],
    [
      'a time that is not a timestamp',
      (columns, types) => {
        columns['ts'] = ['2026-01-05', '2026-01-05'];
        types['ts'] = () => new Utf8();
      },
      'column ts: must be a timestamp or int64 (epoch milliseconds), found Utf8',
    ],
    [
      'a bad action',
      (columns) => (columns['action'] = ['new', 'buy']),
      'row 2, column action: action must be new, cancel, reduce or amend',
    ],
    [
      'a bad side',
      (columns) => (columns['side'] = ['sell', 'up']),
      'row 2, column side: side must be buy or sell',
    ],
    [
      'a missing required cell',
      (columns) => (columns['account'] = ['alice', null]),
      'row 2, column account: account is required',
    ],
    [
      'a decreasing time',
      (columns) => (columns['ts'] = [BigInt(T0 + 1), BigInt(T0)]),
      'row 2, column ts: ts must never decrease',
    ],
    [
      'a null time',
      (columns) => (columns['ts'] = [BigInt(T0), null]),
      'row 2, column ts: ts must be a whole number of milliseconds since the epoch, not null',
    ],
    [
      'a nanosecond time that is not a whole millisecond',
      (columns, types) => {
        columns['ts'] = [BigInt(T0) * 1_000_000n, BigInt(T0) * 1_000_000n + 1_500_000n];
        types['ts'] = () => new TimestampNanosecond();
      },
      'row 2, column ts: ts must be a whole number of milliseconds since the epoch, not null',
    ],
    [
      'a cell a cancel must not have',
      (columns) => {
        columns['action'] = ['new', 'cancel'];
        columns['id'] = ['m1', 'm1'];
        columns['type'] = ['limit', null];
        columns['side'] = ['sell', 'buy'];
        columns['size'] = ['1.000', null];
        columns['post_only'] = [false, null];
      },
      'row 2, column side: side must be empty for cancel',
    ],
  ];
  for (const [name, change, message] of cases) {
    it(name, async () => {
      const { code, stderr, file } = await replayColumns(change);
      expect(stderr).toBe(`${file}: ${message}\n`);
      expect(code).toBe(2);
    });
  }

  it('a bad instrument in the metadata', async () => {
    const file = join(work, 'metadata.arrow');
    const { file: good } = await replayColumns(() => {});
    const table = (await import('apache-arrow')).tableFromIPC(readFileSync(good));
    table.schema.metadata.set('simex.instruments', 'instrument symbol=BTC-USD tick_size=0.01');
    writeFileSync(file, tableToIPC(table, 'file'));
    let stderr = '';
    const code = await replayFile({
      file,
      out: null,
      observe: null,
      strict: false,
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
    });
    expect(stderr).toBe(`${file}: metadata simex.instruments, line 1: instrument needs lot_size\n`);
    expect(code).toBe(2);
  });

  // The library's own messages ("reading 'g'") name its internals: the reason is about the file.
  for (const cut of [40, 100, 200]) {
    it(`a truncated file (${cut} bytes cut)`, async () => {
      const { code, stderr, file } = await replayColumns(
        () => {},
        (ipc) => ipc.subarray(0, ipc.length - cut),
      );
      expect(stderr).toBe(
        `${file}: not a complete Arrow IPC file: it does not end with ARROW1 (truncated?)\n`,
      );
      expect(code).toBe(2);
    });
  }

  it('a damaged footer', async () => {
    const { code, stderr, file } = await replayColumns(
      () => {},
      (ipc) => {
        const damaged = Uint8Array.from(ipc);
        damaged.fill(0xff, ipc.length - 60, ipc.length - 10);
        return damaged;
      },
    );
    expect(stderr).toBe(
      `${file}: not a readable Arrow IPC file: its footer, schema or dictionaries are malformed\n`,
    );
    expect(code).toBe(2);
  });

  it('the same reasons for a flow read from memory (a sweep)', () => {
    const ipc = tableToIPC(dictionaryTable(0), 'file');
    expect(
      thrownMessage(() => decodeArrowFlow('mem.arrow', ipc.subarray(0, ipc.length - 40))),
    ).toBe('mem.arrow: not a complete Arrow IPC file: it does not end with ARROW1 (truncated?)');
  });
});

/**
 * The scenario columns with the enum columns as dictionaries (as simex writes them, so a replay
 * and a backtest feed the rows as numbers); row 2's symbol is the dictionary index `symbolIndex`.
 */
function dictionaryTable(symbolIndex: number): Table {
  const words = (dictionary: string[], indexes: number[]) =>
    makeVector(
      makeData({
        type: new Dictionary(new Utf8(), new Int32()),
        length: indexes.length,
        nullCount: 0,
        data: Int32Array.from(indexes),
        dictionary: vectorFromArray(dictionary, new Utf8()),
      }),
    );
  return new Table({
    ts: vectorFromArray(GOOD['ts']!, new Int64()),
    action: words(['new'], [0, 0]),
    id: vectorFromArray(GOOD['id']!, new Utf8()),
    account: words(['alice', 'bob'], [0, 1]),
    symbol: words(['BTC-USD'], [0, symbolIndex]),
    side: words(['sell', 'buy'], [0, 1]),
    type: words(['limit', 'market'], [0, 1]),
    price: vectorFromArray(GOOD['price']!, new Utf8()),
    size: vectorFromArray(GOOD['size']!, new Utf8()),
    time_in_force: words(['gtc', ''], [0, 1]),
    post_only: vectorFromArray(GOOD['post_only']!, new Bool()),
  });
}

describe('a dictionary index outside its dictionary is bad input, exit 2 with the row', () => {
  const file = join(work, 'index-out-of-range.arrow');
  const reason = `${file}: row 2, column symbol: dictionary index 5 is outside the column's dictionary of 1 word\n`;

  it('in a replay', async () => {
    writeFileSync(file, tableToIPC(dictionaryTable(5), 'file'));
    let stderr = '';
    const code = await replayFile({
      file,
      out: null,
      observe: null,
      strict: false,
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
    });
    expect([code, stderr]).toEqual([2, reason]);
  });

  it('in a backtest', async () => {
    writeFileSync(file, tableToIPC(dictionaryTable(5), 'file'));
    const strategy = join(work, 'idle.ts');
    writeFileSync(strategy, 'export default { onTrade() {} };\n');
    const options = parseBacktestOptions({ strategy, data: file });
    if (typeof options === 'string') throw new Error(options);
    let stderr = '';
    const code = await runBacktestCommand(options, {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
    });
    expect([code, stderr]).toEqual([2, reason]);
  });

  it('in a flow read from memory (a sweep)', () => {
    expect(
      thrownMessage(() => decodeArrowFlow(file, tableToIPC(dictionaryTable(-1), 'file'))),
    ).toBe(
      `${file}: row 2, column symbol: dictionary index -1 is outside the column's dictionary of 1 word`,
    );
  });
});

function thrownMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return 'nothing thrown';
}
