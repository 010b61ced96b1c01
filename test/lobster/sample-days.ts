/**
 * The LOBSTER sample days (zips of one message and one orderbook file each), read in place, and a
 * check of every message at the file's own depth (a level-N file says nothing below its Nth level).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { expect, it } from 'vitest';
import { emptyCounts, type ImportCounts } from '../../adapters/flow/lobster/index.js';
import { replayAndCompare, type DayFiles, type ReplayCheck } from './replay-check.js';

const SAMPLE_DIR = fileURLToPath(new URL('../../../shared/data/lobster/', import.meta.url));
const DAY_MS = Date.UTC(2012, 5, 21);

export interface Sample {
  readonly ticker: string;
  readonly levels: number;
  /** What its import makes, as the stderr note counts it. */
  readonly counts: ImportCounts;
}

const sample = (ticker: string, levels: number, counts: Partial<ImportCounts>): Sample => ({
  ticker,
  levels,
  counts: { ...emptyCounts(), ...counts },
});

/** The sample zips. None has a cross trade or a halt. */
export const SAMPLES: readonly Sample[] = [
  sample('AAPL', 1, {
    messages: 118_497,
    rows: 139_672,
    hiddenExecutions: 11_332,
    unknownOnLevel: 14_980,
    seedOrders: 1,
    depthOrders: 10_301,
    depthReductions: 15_599,
  }),
  sample('AMZN', 1, {
    messages: 57_515,
    rows: 70_891,
    hiddenExecutions: 2445,
    unknownOnLevel: 7467,
    seedOrders: 2,
    depthOrders: 5114,
    depthReductions: 5856,
  }),
  sample('AMZN', 5, {
    messages: 155_935,
    rows: 175_889,
    hiddenExecutions: 2445,
    unknownOnLevel: 8491,
    seedOrders: 10,
    depthOrders: 6865,
    depthReductions: 8462,
  }),
  sample('GOOG', 1, {
    messages: 49_482,
    rows: 58_884,
    hiddenExecutions: 3913,
    unknownOnLevel: 4476,
    seedOrders: 2,
    depthOrders: 3690,
    depthReductions: 5942,
  }),
  sample('GOOG', 5, {
    messages: 112_673,
    rows: 124_088,
    hiddenExecutions: 3913,
    unknownOnLevel: 4951,
    seedOrders: 10,
    depthOrders: 5485,
    depthReductions: 7617,
  }),
  sample('GOOG', 10, {
    messages: 147_916,
    rows: 153_091,
    hiddenExecutions: 3913,
    unknownOnLevel: 3363,
    seedOrders: 20,
    depthOrders: 3939,
    depthReductions: 4393,
  }),
];

const zipOf = (sample: Sample): string =>
  `${SAMPLE_DIR}LOBSTER_SampleFile_${sample.ticker}_2012-06-21_${sample.levels}.zip`;

/**
 * One test per sample: imported with its orderbook file and replayed, the venue's book equals the
 * orderbook row after every message, to the file's depth; skipped, with the reason, without the zip.
 */
export function testSamples(samples: readonly Sample[]): void {
  for (const sample of samples) {
    const skipped = sampleMissing(sample);
    it.skipIf(skipped !== '')(
      `${sample.ticker} full day, ${sample.levels} level(s): the book after every one of its ${sample.counts.messages} messages${skipped}`,
      async () => {
        const result = await checkSample(sample);
        expect(result.mismatches).toEqual([]);
        expect(result.checked).toBe(sample.counts.messages);
        expect(result.refusedRows).toBe(0);
        expect(result.counts).toEqual(sample.counts);
      },
      300_000,
    );
  }
}

/** Imports the sample (with its orderbook file), replays it, and compares after every message. */
function checkSample(sample: Sample): Promise<ReplayCheck> {
  return replayAndCompare(sampleDay(sample), () => true);
}

/** The sample's files, read from its zip. */
export function sampleDay(sample: Sample): DayFiles {
  const files = unzipSync(readFileSync(zipOf(sample)));
  const entry = (part: string) => {
    const name = Object.keys(files).find((file) => file.includes(part));
    if (name === undefined) throw new Error(`no ${part} file in ${zipOf(sample)}`);
    return Buffer.from(files[name]!);
  };
  return {
    symbol: `${sample.ticker}-USD`,
    dayMs: DAY_MS,
    messages: entry('_message_'),
    orderbook: entry('_orderbook_'),
    depth: sample.levels,
  };
}

/** '' when the sample's zip is there, else why a test of it is skipped. */
export function sampleMissing(sample: Sample): string {
  const zip = zipOf(sample);
  return existsSync(zip) ? '' : ` (skipped: LOBSTER sample not found at ${zip})`;
}
