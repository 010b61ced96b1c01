import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertFlowFile, flowSchema, readsAsCodes } from '../../adapters/flow/arrow/index.js';
import { invariantObserver } from '../../adapters/runs/check/invariant-observer.js';
import { DEFAULT_INSTRUMENTS } from '../../src/index.js';
import { replayRun } from '../replay-run.js';

const work = mkdtempSync(join(tmpdir(), 'simex-quote-size-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PLAIN = 'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only';
const WITH_QUOTE = `${PLAIN},quote_size`;

/** Replays `rows` under `header` (as CSV, or converted to an Arrow flow), checked after every row. */
async function replay(name: string, header: string, rows: string[], arrow = false) {
  const csv = join(work, `${name}.csv`);
  writeFileSync(csv, [header, ...rows].join('\n') + '\n');
  const file = arrow ? join(work, `${name}.arrow`) : csv;
  if (arrow) await convertFlowFile(csv, file);
  const { code, stderr, outputs } = await replayRun({
    file,
    out: join(work, name),
    observe: (venue) => invariantObserver(venue, 1),
  });
  const read = (output: string) => outputs[output]?.trim().split('\n') ?? [];
  return { code, stderr: stderr.replaceAll(`${file}:`, 'F:'), read, outputs };
}

const BOOK = [
  '1000,new,a1,bob,BTC-USD,sell,limit,100.00,1,,',
  '1000,new,a2,bob,BTC-USD,sell,limit,101.00,1,,',
];
/** The book's rows with an empty quote_size cell. */
const BOOK_WITH_QUOTE = BOOK.map((row) => `${row},`);

describe('the quote_size column', () => {
  it.each([
    ['CSV', false],
    ['an Arrow flow', true],
  ])(
    'buys from %s what the amount buys at the book prices, exactly, under --check',
    async (_, arrow) => {
      // 1 at 100.00 costs 100.00; the 50.50 left buys 0.5 at 101.00.
      const rows = [...BOOK_WITH_QUOTE, '1001,new,q1,alice,BTC-USD,buy,market,,,,,150.50'];
      const { code, stderr, read } = await replay(`quote-${arrow}`, WITH_QUOTE, rows, arrow);
      expect([code, stderr]).toEqual([0, '']);
      expect(read('trades.csv').slice(1)).toEqual([
        't_1,1970-01-01T00:00:01.001Z,BTC-USD,100.00,1.00000000,buy,a1,q1,bob,alice',
        't_2,1970-01-01T00:00:01.001Z,BTC-USD,101.00,0.50000000,buy,a2,q1,bob,alice',
      ]);
      expect(read('orders.csv')).toContain(
        'q1,alice,BTC-USD,buy,market,,1.50000000,1.50000000,filled',
      );
    },
  );

  it.each([
    ['CSV', false],
    ['an Arrow flow', true],
  ])('refuses from %s a sell, a limit and an amount below the minimum size', async (_, arrow) => {
    const rows = [
      ...BOOK_WITH_QUOTE,
      '1001,new,q1,alice,BTC-USD,sell,market,,,,,10.00',
      '1001,new,q2,alice,BTC-USD,buy,limit,100.00,,,,10.00',
      '1001,new,q3,alice,BTC-USD,buy,market,,,,,0.00000000001',
      '1001,new,q4,alice,BTC-USD,buy,market,,,,,0.0000001',
    ];
    const { code, stderr, read } = await replay(`refused-${arrow}`, WITH_QUOTE, rows, arrow);
    expect(code).toBe(0);
    const at = (line: number) => (arrow ? `F: row ${line - 1}` : `F:${line}`);
    expect(stderr.split('\n').filter((line) => line !== '')).toEqual([
      `${at(4)}: refused: invalid_parameter: quote_size is for market buys only`,
      `${at(5)}: refused: invalid_parameter: quote_size is for market buys only`,
      `${at(6)}: refused: invalid_parameter: quote_size must be a positive decimal string with at most 10 decimals`,
      `${at(7)}: refused: invalid_parameter: quote_size buys less than the minimum size from the book`,
    ]);
    expect(read('trades.csv').slice(1)).toEqual([]);
  });

  it('is refused with a size beside it, at its cell', async () => {
    const rows = [...BOOK_WITH_QUOTE, '1001,new,q1,alice,BTC-USD,buy,market,,1,,,150.50'];
    const { code, stderr } = await replay('both', WITH_QUOTE, rows);
    expect([code, stderr]).toEqual([2, 'F:4:43: give size or quote_size, not both\n']);
  });

  it('left empty, or absent, replays a file the same', async () => {
    const rows = [...BOOK, '1001,new,t1,alice,BTC-USD,buy,market,,1.5,,'];
    const without = await replay('without', PLAIN, rows);
    const empty = await replay(
      'empty',
      WITH_QUOTE,
      rows.map((row) => `${row},`),
    );
    expect(without.code).toBe(0);
    expect(empty.outputs).toEqual(without.outputs);
  });

  it('keeps an Arrow flow with the column on the numeric column feed', () => {
    const schema = flowSchema(DEFAULT_INSTRUMENTS, { clientOrderId: false, quoteSize: true });
    expect(readsAsCodes(schema)).toBe(true);
  });
});
