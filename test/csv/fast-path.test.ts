/**
 * The scenario reader's fast path (line-decoder.ts) against csv-parse reading every line
 * (SIMEX_CSV_FAST_PATH=0): the same rows, the same errors, the same replay outputs.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScenarioTime } from '../../adapters/flow/index.js';
import { openScenario } from '../../adapters/flow/csv/index.js';
import { parseScenarioTimeBytes } from '../../adapters/flow/scenario-time.js';
import { fcRuns, fcSeed } from '../fast-check-seed.js';
import { writeGeneratedFlow } from '../generated-flow.js';
import { replayRun } from '../replay-run.js';

const work = mkdtempSync(join(tmpdir(), 'simex-fast-path-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let outputs = 0;

/** Runs `read` with the fast path on, then with csv-parse reading every line. */
async function bothPaths<T>(read: () => Promise<T>): Promise<[T, T]> {
  const fast = await read();
  process.env['SIMEX_CSV_FAST_PATH'] = '0';
  try {
    return [fast, await read()];
  } finally {
    delete process.env['SIMEX_CSV_FAST_PATH'];
  }
}

/** Every row (as JSON, key order included) then the error that stopped the reading, if any. */
async function decoded(text: string, chunkBytes = 64 * 1024): Promise<string[]> {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunkBytes)
    chunks.push(bytes.subarray(at, at + chunkBytes));
  const out: string[] = [];
  try {
    const scenario = await openScenario(Readable.from(chunks), 'F');
    out.push(JSON.stringify([scenario.instruments, scenario.layout]));
    for await (const row of scenario.rows) out.push(JSON.stringify(row));
  } catch (error) {
    out.push(`error: ${(error as Error).message}`);
  }
  return out;
}

async function replayOutputs(file: string): Promise<Record<string, string>> {
  const run = await replayRun({ file, out: join(work, `out-${outputs++}`) });
  return { code: String(run.code), stderr: run.stderr, ...run.outputs };
}

const HEADER = 'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only\n';
const ROW = '2026-01-05T09:30:00.000Z,new,m1,alice,BTC-USD,sell,limit,30000.50,0.25,gtc,false\n';
const CANCEL = '2026-01-05T09:30:01.000Z,cancel,m1,alice,BTC-USD,,,,,,\n';

describe('the fast path and csv-parse read the same', () => {
  it('golden scenarios: byte-identical replay outputs', async () => {
    const names = readdirSync('scenarios', { withFileTypes: true })
      .filter((entry) => existsSync(join('scenarios', entry.name, 'scenario.csv')))
      .map((entry) => entry.name);
    expect(names.length).toBeGreaterThanOrEqual(11);
    for (const name of names) {
      const file = join('scenarios', name, 'scenario.csv');
      const [fast, slow] = await bothPaths(() => replayOutputs(file));
      expect(fast, name).toEqual(slow);
      expect(fast['trades.csv'], name).toBe(
        readFileSync(join('scenarios', name, 'expected', 'trades.csv'), 'utf8'),
      );
    }
  });

  it('a generated flow (parsed in the worker thread): identical outputs and rows', async () => {
    const file = join(work, 'flow.csv');
    await writeGeneratedFlow(file, 11, 20_000);
    const [fast, slow] = await bothPaths(() => replayOutputs(file));
    expect(fast['code']).toBe('0');
    expect(fast).toEqual(slow);
    const text = readFileSync(file, 'utf8');
    const [fastRows, slowRows] = await bothPaths(() => decoded(text, 4096));
    expect(fastRows.length).toBeGreaterThan(20_000);
    expect(fastRows).toEqual(slowRows);
  });

  const files: [string, string][] = [
    ['plain', HEADER + ROW + CANCEL],
    ['no newline at the end', HEADER + ROW + CANCEL.trimEnd()],
    ['CRLF lines', (HEADER + ROW + CANCEL).replaceAll('\n', '\r\n')],
    ['a CRLF line in the middle', HEADER + ROW.replace('\n', '\r\n') + CANCEL],
    ['a lone CR in a cell', HEADER + ROW.replace('alice', 'al\rice') + CANCEL],
    ['a byte-order mark', '\uFEFF' + HEADER + ROW],
    ['a blank line', HEADER + ROW + '\n' + CANCEL],
    ['blank lines before the header', '# c\n\n\n' + HEADER + ROW],
    ['a trailing comma', HEADER + ROW.replace('\n', ',\n') + CANCEL],
    ['a quoted cell', HEADER + ROW.replace('m1', '"m1"') + CANCEL],
    ['a quoted cell with a comma', HEADER + ROW.replace('m1', '"m,1"') + CANCEL],
    ['a quoted cell spanning lines', HEADER + ROW.replace('m1', '"m\n1"') + CANCEL],
    ['an unclosed quote', HEADER + ROW.replace('m1', '"m1') + CANCEL],
    ['a quote inside a cell', HEADER + ROW.replace('m1', 'm"1') + CANCEL],
    ['a quoted header', HEADER.replace('ts', '"ts"') + ROW],
    ['too few cells', HEADER + ROW.replace(',false', '')],
    ['too many cells', HEADER + ROW.replace('false', 'false,x')],
    ['a bad ts', HEADER + ROW.replace('09:30', '25:30')],
    ['a bad day', HEADER + ROW.replace('01-05', '02-30')],
    ['epoch ms', HEADER + ROW.replace('2026-01-05T09:30:00.000Z', '1767605400000')],
    ['a leading zero in epoch ms', HEADER + ROW.replace('2026-01-05T09:30:00.000Z', '0176')],
    ['a decreasing ts', HEADER + CANCEL + ROW],
    ['an unknown action', HEADER + ROW.replace('new', 'neww')],
    ['a bad side', HEADER + ROW.replace('sell', 'Sell')],
    ['a bad post_only', HEADER + ROW.replace('false', 'no')],
    ['a bad time_in_force', HEADER + ROW.replace('gtc', 'day')],
    ['a missing id', HEADER + ROW.replace('m1', '')],
    ['a cancel with a side', HEADER + CANCEL.replace(',,,,,,', ',buy,,,,,')],
    ['an amend without size or price', HEADER + CANCEL.replace('cancel', 'amend')],
    ['a comment after the header', HEADER + ROW + '# late\n'],
    ['a non-ASCII account', HEADER + ROW.replace('alice', 'alicé') + CANCEL],
    ['a bad header', HEADER.replace('side', 'sides') + ROW],
    ['a header only', HEADER],
    ['no header', '# only a comment\n'],
    ['a directive', '# instrument symbol=X-Y tick_size=0.5 lot_size=1\n' + HEADER + ROW],
    [
      'client ids and order features',
      HEADER.replace('\n', ',client_order_id,stop_price,stp,expire_at\n') +
        ROW.replace('\n', ',c1,,,\n') +
        ROW.replace('m1', 'm2').replace('\n', ',,30000,cancel_both,2026-01-06T00:00:00Z\n') +
        ROW.replace('m1', 'm3').replace('\n', ',,,bad,\n'),
    ],
    [
      'a journal',
      HEADER.replace('\n', ',client_order_id,journal\n') +
        ROW.replace('\n', ',c1,abc\n') +
        CANCEL.replace('\n', ',,def\n'),
    ],
  ];
  it('a line longer than the fast path gathers (64 KiB): the same rows and error', async () => {
    const long = ROW.replace('m1', 'm'.repeat(100_000));
    for (const chunkBytes of [4096, 64 * 1024]) {
      for (const text of [HEADER + long + CANCEL, HEADER + ROW + long.replace(',gtc', ',x')]) {
        const [fast, slow] = await bothPaths(() => decoded(text, chunkBytes));
        expect(fast).toEqual(slow);
      }
    }
  });

  for (const [name, text] of files) {
    it(`${name}: the same rows and error`, async () => {
      for (const chunkBytes of [1, 7, 64 * 1024]) {
        const [fast, slow] = await bothPaths(() => decoded(text, chunkBytes));
        expect(fast).toEqual(slow);
      }
    });
  }
});

const seed = fcSeed(20261123);
describe(`any line reads the same either way (seed ${seed})`, () => {
  const cell = fc.oneof(
    fc.constantFrom('', 'new', 'cancel', 'reduce', 'amend', 'buy', 'sell', 'limit', 'market'),
    fc.constantFrom('gtc', 'ioc', 'fok', 'gtd', 'true', 'false', 'alice', 'BTC-USD', 'm1'),
    fc.constantFrom('0.25', '30000.50', '1', '2026-01-05T09:30:00.000Z', '2026-01-05T09:30:00Z'),
    fc.constantFrom('1767605400000', '2026-01-05T09:30:00.5Z', 'amend', 'neww', 'é', '"q"'),
    fc.string({ maxLength: 4 }),
    fc.stringMatching(/^[0-9:TZ.\-"\r\n,]{0,6}$/),
  );
  const line = fc.oneof(
    { weight: 4, arbitrary: fc.array(cell, { minLength: 11, maxLength: 11 }) },
    { weight: 1, arbitrary: fc.array(cell, { minLength: 0, maxLength: 13 }) },
  );
  const plainRow = fc.tuple(
    fc.constantFrom('new', 'cancel', 'reduce', 'amend'),
    fc.constantFrom('sell,limit,30000.50,0.25,gtc,false', ',,,,,', ',,,0.5,,', ',,1.5,,,'),
  );
  it('a valid or invalid line between plain rows: the same rows and error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(plainRow, { maxLength: 3 }),
        line,
        fc.integer({ min: 1, max: 300 }),
        async (before, cells, chunkBytes) => {
          const rows = before.map(
            ([action, rest], i) =>
              `2026-01-05T09:00:0${i}.000Z,${action},m${i},bob,BTC-USD,${rest}`,
          );
          const text = HEADER + [...rows, cells.join(','), ...rows].join('\n') + '\n';
          const [fast, slow] = await bothPaths(() => decoded(text, chunkBytes));
          expect(fast).toEqual(slow);
        },
      ),
      { seed, numRuns: fcRuns(300) },
    );
  });
});

describe(`a ts cell read from its bytes (seed ${seed})`, () => {
  it('is what parseScenarioTime reads from its text', () => {
    const iso = fc
      .date({ min: new Date(0), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true })
      .map((date) => date.toISOString());
    const text = fc.oneof(
      iso,
      iso.map((value) => value.replace('.000Z', 'Z')),
      fc
        .tuple(iso, fc.integer({ min: 0, max: 23 }))
        .map(([value, cut]) => value.slice(0, cut) + 'Z'),
      fc
        .tuple(iso, fc.nat(23), fc.constantFrom(...'0123456789:-.TZ /a'))
        .map(([value, at, char]) => value.slice(0, at) + char + value.slice(at + 1)),
      fc.stringMatching(/^[0-9]{0,17}$/),
    );
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), (texts) => {
        for (const value of texts) {
          const bytes = Buffer.from(` ${value},`);
          expect(parseScenarioTimeBytes(bytes, 1, bytes.length - 1), value).toBe(
            parseScenarioTime(value),
          );
        }
      }),
      { seed, numRuns: fcRuns(2000) },
    );
  });
});
