import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { makeVector, RecordBatch, Schema, Table, tableFromIPC, tableToIPC } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { ArrowFlowWriter, convertFlowFile, DECIMALS_KEY } from '../../adapters/flow/arrow/index.js';
import type { UnitsLayout } from '../../adapters/flow/arrow/flow-schema.js';
import { openScenarioFile } from '../../adapters/flow/csv/index.js';
import { readOutputs, replayRun } from '../replay-run.js';

const work = mkdtempSync(join(tmpdir(), 'simex-arrow-units-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const HEADER = 'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only';
const row = (ms: number, rest: string) =>
  `2026-01-05T00:00:00.${String(ms).padStart(3, '0')}Z,${rest}`;

/** Writes `NAME.csv` in the work directory: the header, then `rows`; its path. */
function writeCsv(name: string, rows: readonly string[]): string {
  const csv = join(work, `${name}.csv`);
  writeFileSync(csv, [HEADER, ...rows, ''].join('\n'));
  return csv;
}

/** Writes the CSV `csv`'s rows as an Arrow flow with price and size as units (or text: null); false when a cell does not fit. */
async function writeArrow(csv: string, arrow: string, units: UnitsLayout | null): Promise<boolean> {
  const scenario = await openScenarioFile(csv);
  const out = createWriteStream(arrow);
  const writer = new ArrowFlowWriter(out, scenario.instruments, scenario.layout, units);
  let fits = true;
  for await (const batch of scenario.batches)
    for (const row of batch) fits &&= await writer.write(row);
  await writer.end();
  out.end();
  await finished(out);
  return fits;
}

/** Replays `arrow` with --out: its outputs, and its stderr with the file's name taken out. */
async function replayed(arrow: string) {
  const out = `${arrow}.out`;
  const { code, stdout, stderr, outputs } = await replayRun({ file: arrow, out });
  return {
    code,
    stdout: stdout.replaceAll(arrow, 'F'),
    stderr: stderr.replaceAll(arrow, 'F'),
    outputs,
  };
}

/** Each field's type and metadata. */
function fieldsOf(arrow: string): Record<string, string> {
  const { schema } = tableFromIPC(readFileSync(arrow));
  return Object.fromEntries(
    schema.fields.map((field) => [
      field.name,
      `${String(field.type)} ${field.metadata.get(DECIMALS_KEY) ?? ''}`.trim(),
    ]),
  );
}

describe('price and size as int64 units (simex.decimals)', () => {
  it('convert writes units at the most decimals of the books, which replay as the text does', async () => {
    const csv = writeCsv('mixed', [
      row(0, 'new,m1,alice,BTC-USD,sell,limit,30000.05,0.12345678,gtc,'),
      row(1, 'new,m2,alice,ETH-USD,sell,limit,2000.5,1.5,,true'),
      row(2, 'new,t1,bob,ETH-USD,buy,market,,0.12345,,'),
      row(3, 'new,t2,bob,BTC-USD,buy,limit,30000.10,0.5,ioc,'),
      row(4, 'amend,m2,alice,ETH-USD,,,2000.25,1.2,,'),
      row(5, 'reduce,m1,alice,BTC-USD,,,,0.00000001,,'),
      row(6, 'new,t3,bob,ETH-USD,buy,limit,2001,20000,,'),
      row(7, 'cancel,m2,alice,ETH-USD,,,,,,'),
    ]);
    const units = join(work, 'mixed-units.arrow');
    const text = join(work, 'mixed-text.arrow');
    await convertFlowFile(csv, units);
    expect(await writeArrow(csv, text, null)).toBe(true);
    expect(fieldsOf(units)).toMatchObject({ price: 'Int64 2', size: 'Int64 8' });
    expect(fieldsOf(text)).toMatchObject({ price: 'Utf8', size: 'Utf8' });
    const fromUnits = await replayed(units);
    const fromText = await replayed(text);
    expect(fromUnits).toEqual(fromText);
    // t1's size has a digit ETH-USD's 4 decimals do not hold; t3's is over its max_size.
    expect(fromUnits.stderr).toBe(
      [
        'F: row 3: refused: invalid_parameter: size must be a multiple of the lot size 0.0001',
        'F: row 6: refused: order_not_open: order m1 is filled',
        'F: row 7: refused: invalid_parameter: size must be at most 10000.0000',
        '',
      ].join('\n'),
    );
  });

  it('reads units at fewer and at more decimals than the book, exactly', async () => {
    const csv = writeCsv('whole', [
      row(0, 'new,m1,alice,BTC-USD,sell,limit,30001,2,gtc,'),
      row(1, 'new,t1,bob,BTC-USD,buy,limit,30002,1,,'),
      row(2, 'amend,m1,alice,BTC-USD,,,30003,,,'),
    ]);
    const text = join(work, 'whole-text.arrow');
    expect(await writeArrow(csv, text, null)).toBe(true);
    const expected = await replayed(text);
    expect(expected.outputs['trades.csv']!.trim().split('\n')).toHaveLength(2);
    for (const [price, size] of [
      [0, 0],
      [1, 3],
      [10, 10],
    ] as const) {
      const units = join(work, `whole-${price}-${size}.arrow`);
      expect(await writeArrow(csv, units, { price, size })).toBe(true);
      expect(fieldsOf(units)).toMatchObject({ price: `Int64 ${price}`, size: `Int64 ${size}` });
      expect(await replayed(units)).toEqual(expected);
    }
  });

  it('a cell units cannot hold is kept as text: convert writes that flow with text columns', async () => {
    const csv = writeCsv('malformed', [
      row(0, 'new,m1,alice,BTC-USD,sell,limit,30000.005,1,,'),
      row(1, 'new,m2,alice,BTC-USD,sell,limit,1e3,1,,'),
    ]);
    const arrow = join(work, 'malformed.arrow');
    await convertFlowFile(csv, arrow);
    expect(fieldsOf(arrow)).toMatchObject({ price: 'Utf8', size: 'Utf8' });
    expect((await replayed(arrow)).stderr).toBe(
      [
        'F: row 1: refused: invalid_parameter: price must be a multiple of the tick size 0.01',
        'F: row 2: refused: invalid_parameter: price must be a decimal string like "1.5" (no sign, exponent or spaces)',
        '',
      ].join('\n'),
    );
  });

  it("another writer's negative or unsafe units are refused in the words of the same text", async () => {
    const csv = writeCsv('plain', [
      row(0, 'new,m1,alice,BTC-USD,sell,limit,1,1,,'),
      row(1, 'new,m2,alice,BTC-USD,sell,limit,2,1,,'),
      row(2, 'new,m3,alice,BTC-USD,sell,limit,3,1,,'),
    ]);
    const units = join(work, 'plain-units.arrow');
    expect(await writeArrow(csv, units, { price: 2, size: 8 })).toBe(true);
    // Row 1's price to -1.00, row 2's to 2^63 - 1 units (beyond 2^53).
    const table = tableFromIPC(readFileSync(units));
    const prices = BigInt64Array.from(table.getChild('price')!.toArray() as BigInt64Array);
    prices[0] = -100n;
    prices[1] = 2n ** 63n - 1n;
    const columns = Object.fromEntries(
      table.schema.fields.map((field) => [
        field.name,
        field.name === 'price' ? makeVector(prices) : table.getChild(field.name)!,
      ]),
    );
    const changed = join(work, 'foreign-units.arrow');
    const rebuilt = new Table(columns as never);
    // The written file's fields, with their decimals.
    const schema = new Schema(
      rebuilt.schema.fields.map((field) => table.schema.fields.find((f) => f.name === field.name)!),
      table.schema.metadata,
    );
    writeFileSync(
      changed,
      tableToIPC(
        new Table(
          schema,
          rebuilt.batches.map((batch) => new RecordBatch(schema, batch.data)),
        ),
        'file',
      ),
    );
    expect(fieldsOf(changed)).toMatchObject({ price: 'Int64 2' });
    expect((await replayed(changed)).stderr).toBe(
      [
        'F: row 1: refused: invalid_parameter: price must be a decimal string like "1.5" (no sign, exponent or spaces)',
        'F: row 2: refused: invalid_parameter: price is too large to be held exactly',
        '',
      ].join('\n'),
    );
  });
});

describe('every golden scenario whose amounts fit, written as units at 10 decimals, replays to its expected outputs', () => {
  const root = 'scenarios';
  const names = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'scenario.csv')))
    .map((entry) => entry.name);
  let written = 0;
  for (const name of names) {
    it(name, async () => {
      const arrow = join(work, `${name}.arrow`);
      if (!(await writeArrow(join(root, name, 'scenario.csv'), arrow, { price: 10, size: 10 })))
        return;
      written++;
      const { code, outputs } = await replayRun({ file: arrow, out: join(work, name) });
      expect(code).toBe(0);
      expect(outputs).toEqual(readOutputs(join(root, name, 'expected')));
    });
  }
  it('wrote most of them', () => expect(written).toBeGreaterThanOrEqual(8));
});
