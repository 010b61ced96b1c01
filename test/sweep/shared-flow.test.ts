/** A CSV flow parsed once into shared memory: every reader gets the parse's rows, then its error. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ParsedScenarioRow } from '../../adapters/flow/index.js';
import { openScenarioFile } from '../../adapters/flow/csv/index.js';
import { asFileError } from '../../adapters/file-errors.js';
import { shareCsvFlow } from '../../adapters/runs/backtest/sweep/share-csv-flow.js';
import { readSharedFlow } from '../../adapters/runs/backtest/sweep/shared-flow.js';
import { tempFiles, writeGeneratedFlow } from '../backtest/helpers.js';

const dir = tempFiles({});
const flow = join(dir, 'flow.csv');

beforeAll(() => writeGeneratedFlow(flow, 3, 5000));

async function rowsOf(batches: AsyncIterable<readonly ParsedScenarioRow[]>) {
  const rows: ParsedScenarioRow[] = [];
  let count = 0;
  for await (const batch of batches) {
    rows.push(...batch);
    count++;
  }
  return { rows, count };
}

describe('a shared CSV flow', () => {
  it("gives every reader, early or late, the parse's instruments and rows in file order", async () => {
    const scenario = await openScenarioFile(flow);
    const expected = await rowsOf(scenario.batches);
    const shared = shareCsvFlow(flow);
    try {
      const early = await readSharedFlow(shared.buffer);
      const earlyRows = await rowsOf(early.batches);
      const late = await readSharedFlow(shared.buffer);
      expect(early.instruments).toEqual(scenario.instruments);
      expect(late.instruments).toEqual(scenario.instruments);
      expect(earlyRows.rows).toEqual(expected.rows);
      expect((await rowsOf(late.batches)).rows).toEqual(expected.rows);
      expect(earlyRows.count).toBeGreaterThan(2); // several chunks, read as they were written
    } finally {
      shared.close();
    }
  });

  it('ends with the syntax error after the rows before it, and a missing file on opening', async () => {
    const lines = readFileSync(flow, 'utf8').trimEnd().split('\n');
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, [...lines, '2026-01-05T10:00:00.000Z,explode,x1,a1,BTC-USD'].join('\n'));
    const shared = shareCsvFlow(bad);
    const read = await readSharedFlow(shared.buffer);
    const rows: ParsedScenarioRow[] = [];
    await expect(async () => {
      for await (const batch of read.batches) rows.push(...batch);
    }).rejects.toThrow(`${bad}:${lines.length + 1}:48: expected 11 cells, found 5`);
    expect(rows.length).toBe(5000);
    expect(rows.at(-1)!.line).toBe(lines.length);

    const missing = join(dir, 'missing.csv');
    const error = await readSharedFlow(shareCsvFlow(missing).buffer).catch((e: unknown) => e);
    expect(asFileError(error)?.message).toBe(`${missing}: no such file or directory (ENOENT)`);
  });
});
