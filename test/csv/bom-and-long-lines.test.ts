/**
 * A UTF-8 byte-order mark at the start of a scenario is skipped (spreadsheets write one); a line
 * longer than MAX_LINE_BYTES is refused with its file:line before it is held whole in memory, on
 * the fast path, in csv-parse and in the prelude, in this thread and in the parsing worker.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { openScenario, openScenarioFile } from '../../adapters/flow/csv/index.js';
const MAX_LINE_BYTES = 1 << 20;
import { replayFile } from '../../adapters/runs/replay/replay-file.js';

const work = mkdtempSync(join(tmpdir(), 'simex-csv-limits-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const HEADER = 'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only\n';
const ROW = '2026-01-05T09:30:00.000Z,new,m1,alice,BTC-USD,sell,limit,100.00,1.000,gtc,false\n';
const DIRECTIVE = '# instrument symbol=BTC-USD tick_size=0.01 lot_size=0.001\n';
const BOM = '\uFEFF';

/** Every row as JSON, then the error that stopped the reading, the text fed in `chunkBytes` chunks. */
async function decoded(text: string, chunkBytes: number): Promise<string[]> {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunkBytes)
    chunks.push(bytes.subarray(at, at + chunkBytes));
  const out: string[] = [];
  try {
    const scenario = await openScenario(Readable.from(chunks), 'F');
    out.push(JSON.stringify(scenario.instruments));
    for await (const row of scenario.rows) out.push(JSON.stringify(row));
  } catch (error) {
    out.push(`error: ${(error as Error).message}`);
  }
  return out;
}

describe('a byte-order mark at the start of a file', () => {
  for (const chunkBytes of [1, 2, 7, 65_536]) {
    it(`is skipped, in chunks of ${chunkBytes} bytes`, async () => {
      for (const text of [DIRECTIVE + HEADER + ROW, HEADER + ROW, '# c\n' + HEADER + ROW]) {
        const rows = await decoded(BOM + text, chunkBytes);
        expect(rows).toEqual(await decoded(text, chunkBytes));
        expect(rows.at(-1)).toContain('"id":"m1"');
      }
    });
  }

  it('a replay reads it like the same file without one', async () => {
    const file = join(work, 'bom.csv');
    writeFileSync(file, BOM + DIRECTIVE + HEADER + ROW);
    let stderr = '';
    const code = await replayFile({
      file,
      out: null,
      observe: null,
      strict: false,
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text) },
    });
    expect([code, stderr]).toEqual([0, '']);
  });

  it('only at the start: elsewhere it is text like any other', async () => {
    expect(await decoded(HEADER + BOM + ROW, 65_536)).toEqual([
      '[]',
      'error: F:2:1: ts must be ISO 8601 UTC (2026-01-05T09:30:00.000Z) or epoch milliseconds',
    ]);
  });
});

describe('a line longer than 1 MiB is refused with its line, exit 2', () => {
  const tooLong = 'x'.repeat(MAX_LINE_BYTES + 1);
  const reason = 'line longer than 1048576 bytes (1 MiB), the most a scenario line may be';
  const cases: [string, string, number][] = [
    ['a last line without its newline', HEADER + ROW + tooLong, 3],
    ['a line in the middle', HEADER + ROW + tooLong + '\n' + ROW, 3],
    ['a header', tooLong + '\n' + ROW, 1],
    ['a # line', '#' + tooLong, 1],
    ['a quoted cell', HEADER + ROW + `x,"${tooLong}"\n`, 3],
  ];
  for (const [name, text, line] of cases) {
    it(`${name}, in this thread`, async () => {
      expect((await decoded(text, 65_536)).at(-1)).toBe(`error: F:${line}:1: ${reason}`);
    });

    it(`${name}, in the parsing worker`, async () => {
      const file = join(work, 'long.csv');
      writeFileSync(file, text);
      let message = 'nothing thrown';
      try {
        const scenario = await openScenarioFile(file, { parallel: true });
        for await (const row of scenario.rows) void row;
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toBe(`${file}:${line}:1: ${reason}`);
    });
  }

  it('a line of exactly 1 MiB is read (and judged as a row)', async () => {
    const exact = 'x'.repeat(MAX_LINE_BYTES);
    expect((await decoded(HEADER + exact, 65_536)).at(-1)).toBe(
      `error: F:2:${MAX_LINE_BYTES + 2}: expected 11 cells, found 1`,
    );
  });
});
