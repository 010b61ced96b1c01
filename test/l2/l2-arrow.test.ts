import { tableFromArrays, tableToIPC, Table, vectorFromArray, Utf8, Int64 } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { L2_CSV_HEADER, openL2Sink, type L2Row } from '../../adapters/flow/l2/index.js';
import { Collector, failure, readL2, workDirectory } from './l2-test-files.js';

const file = workDirectory();

const ROWS: L2Row[] = [
  {
    exchangeTs: 1,
    localTs: 2,
    symbol: 'BTC-USDT',
    kind: 'snapshot',
    side: 'buy',
    price: '100',
    size: '1.5',
  },
  {
    exchangeTs: 1,
    localTs: 2,
    symbol: 'BTC-USDT',
    kind: 'snapshot',
    side: 'sell',
    price: '101',
    size: '2',
  },
  {
    exchangeTs: 3,
    localTs: 4,
    symbol: 'ETH-USDT',
    kind: 'trade',
    side: 'sell',
    price: '7.25',
    size: '0.1',
  },
];

async function written(format: 'csv' | 'arrow', rows: readonly L2Row[]): Promise<Buffer> {
  const out = new Collector();
  const sink = await openL2Sink(out, format);
  for (const row of rows) sink.push(row);
  await sink.end();
  return out.bytes();
}

/** An Arrow file of these columns, as another writer (pandas, polars) would make it. */
function foreign(
  columns: Record<string, unknown[]>,
  types: Record<string, Utf8 | Int64> = {},
): string {
  const vectors = Object.fromEntries(
    Object.entries(columns).map(([name, values]) => [
      name,
      vectorFromArray(values, types[name] ?? (name.endsWith('_ts') ? new Int64() : new Utf8())),
    ]),
  );
  return file('foreign.arrow', tableToIPC(new Table(vectors), 'file'));
}

const GOOD = {
  exchange_ts: [1n, 3n],
  local_ts: [2n, 4n],
  symbol: ['BTC-USDT', 'BTC-USDT'],
  kind: ['update', 'trade'],
  side: ['buy', 'sell'],
  price: ['100.0', '101'],
  size: ['1', '2'],
};

describe('the L2 Arrow form', () => {
  it('holds the same rows as the CSV form, across record batches', async () => {
    const many = Array.from({ length: 70_000 }, (_, i) => ({
      ...ROWS[i % 3]!,
      exchangeTs: i,
      localTs: i,
    }));
    const arrow = await written('arrow', many);
    const csv = await written('csv', many);
    expect(csv.toString().startsWith(L2_CSV_HEADER)).toBe(true);
    const fromArrow = await readL2(file('many.arrow', arrow));
    expect(fromArrow).toEqual(await readL2(file('many.csv', csv)));
    expect(fromArrow).toEqual(many);
  });

  it('writes the same bytes for the same rows', async () => {
    expect((await written('arrow', ROWS)).equals(await written('arrow', ROWS))).toBe(true);
  });

  it('reads a file from another writer: int64 times, plain utf8, columns in any order', async () => {
    const { size, ...rest } = GOOD;
    const rows = await readL2(foreign({ size, ...rest }));
    expect(rows[0]).toEqual({
      exchangeTs: 1,
      localTs: 2,
      symbol: 'BTC-USDT',
      kind: 'update',
      side: 'buy',
      price: '100',
      size: '1',
    });
    expect(rows).toHaveLength(2);
  });

  it('refuses a missing column', async () => {
    const { kind: _, ...rest } = GOOD;
    const path = foreign(rest);
    expect(await failure(() => readL2(path))).toBe(
      `L2ArrowError: ${path}: column kind: missing; an L2 flow has exchange_ts, local_ts, symbol, kind, side, price, size`,
    );
  });

  it('refuses a column of the wrong type', async () => {
    const path = foreign({ ...GOOD, price: [1n, 2n] }, { price: new Int64() });
    expect(await failure(() => readL2(path))).toBe(
      `L2ArrowError: ${path}: column price: must be utf8 text or a dictionary of utf8, found Int64`,
    );
  });

  it("refuses a bad cell by row and column, with the CSV form's reason", async () => {
    const path = foreign({ ...GOOD, local_ts: [5n, 4n] });
    expect(await failure(() => readL2(path))).toBe(
      `L2ArrowError: ${path}: row 2, column local_ts: time going backwards: local_ts 4 after 5`,
    );
  });

  it('refuses a file that is not Arrow after its magic bytes', async () => {
    const path = file('broken.arrow', 'ARROW1\0\0garbage');
    expect(await failure(() => readL2(path))).toMatch(
      /^L2ArrowError: .*: not a readable Arrow IPC file/,
    );
  });

  it('a table built by apache-arrow from arrays reads too', async () => {
    const table = tableFromArrays({
      ...GOOD,
      exchange_ts: BigInt64Array.from(GOOD.exchange_ts),
      local_ts: BigInt64Array.from(GOOD.local_ts),
    });
    expect(await readL2(file('t.arrow', tableToIPC(table, 'file')))).toHaveLength(2);
  });
});
