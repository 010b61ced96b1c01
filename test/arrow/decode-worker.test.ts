import {
  copyFileSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { RecordBatchFileReader, type RecordBatch } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertFlowFile } from '../../adapters/flow/arrow/index.js';
import { BlockDecoder } from '../../adapters/flow/arrow/block-decoder.js';
import { BlockRing, RING_SLOTS } from '../../adapters/flow/arrow/block-ring.js';
import { CommandBlock, NOT_DECODED } from '../../adapters/flow/arrow/command-block.js';
import type { DecodeWorkerInput } from '../../adapters/flow/arrow/decode-worker.js';
import { IdNumbering } from '../../adapters/flow/arrow/id-numbering.js';
import { ReleaseRing } from '../../adapters/flow/arrow/release-ring.js';
import { BLOCK_ROWS } from '../../adapters/flow/arrow/flow-codes.js';
import { feedFlow } from '../../adapters/flow/arrow/flow-feed.js';
import { openArrowBatches, type ArrowBatches } from '../../adapters/flow/arrow/flow-reader.js';
import { openScenarioFile } from '../../adapters/flow/csv/index.js';
import { fresh, NO_ENTRY } from '../../adapters/flow/index.js';
import { DECODE_WORKER_MIN_BYTES, openFlowSource } from '../../adapters/flow/arrow/flow-file.js';
import { backtestFlow, type FlowSource } from '../../adapters/runs/backtest/in-process.js';
import { loadStrategy } from '../../adapters/runs/backtest/strategy-loader.js';
import { testConfig } from '../backtest/helpers.js';
import type { ReplayObserver } from '../../adapters/runs/replay/run-replay.js';
import { startWorker } from '../../adapters/start-worker.js';
import { createInstrument, DEFAULT_INSTRUMENTS, type Instrument } from '../../src/index.js';
import { drivenVenue } from '../driven-venue.js';
import { writeGeneratedFlow } from '../generated-flow.js';
import { replayRun } from '../replay-run.js';

const work = mkdtempSync(join(tmpdir(), 'simex-decode-worker-'));
/** The worker module's neighbour, as DecodedBlocks starts it. */
const decodeWorkerUrl = new URL('../../adapters/flow/arrow/decoded-blocks.ts', import.meta.url)
  .href;
afterAll(() => rmSync(work, { recursive: true, force: true }));

const instruments: Instrument[] = DEFAULT_INSTRUMENTS.map((spec) => {
  const made = createInstrument(spec);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
});

/** A flow of three record batches, with rows the block decoder leaves to the row decoder. */
const flow = join(work, 'flow.arrow');
/** The same flow as a CSV. */
const csv = join(work, 'flow.csv');
/** A flow of 10 blocks, in one batch. */
const small = join(work, 'small.arrow');

/** After every 5,000th row of `csv`: rows the numeric path hands over, at that row's time. */
function withOddRows(csv: string): string {
  let rows = 0;
  return readFileSync(csv, 'utf8')
    .split('\n')
    .flatMap((line) => {
      if (!/^\d{4}-/.test(line) || ++rows % 5000 !== 0) return [line];
      const ts = line.slice(0, line.indexOf(','));
      return [
        line,
        `${ts},amend,o${rows - 1},acct01,BTC-USD,,,30000.00,,,`,
        `${ts},cancel,o${rows - 2},nobody,BTC-USD,,,,,,`,
        `${ts},new,x${rows},acct01,BTC-USD,buy,limit,1.001,1,gtc,`,
        `${ts},new,y${rows},acct02,ETH-USD,sell,limit,2000.00,0.5000,gtd,`,
        `${ts},new,z${rows},fresh${rows},BTC-USD,buy,limit,10.00,0.5,gtc,`,
      ];
    })
    .join('\n');
}

beforeAll(async () => {
  await writeGeneratedFlow(csv, 11, 140_000);
  writeFileSync(csv, withOddRows(csv));
  await convertFlowFile(csv, flow);
  const smallCsv = join(work, 'small.csv');
  await writeGeneratedFlow(smallCsv, 12, 10 * BLOCK_ROWS);
  await convertFlowFile(smallCsv, small);
}, 60_000);

/** Everything the feed is given, in order. */
async function transcript(batches: ArrowBatches): Promise<string[]> {
  const { core, driver } = drivenVenue();
  const lines: string[] = [];
  const decoder = new TextDecoder();
  await feedFlow(batches, core, {
    submit: (times, at, id, idStart, idEnd, command) => {
      const answer = driver.submitBytes(times, at, id, idStart, idEnd, command);
      const { action, account, book, side, type, timeInForce, flags, price, size } = command;
      const fields = [action, account, book, side, type, timeInForce, flags, price, size];
      lines.push(
        `${times[at]} ${decoder.decode(id.subarray(idStart, idEnd))} ${fields.join()} ${answer}`,
      );
      return answer;
    },
    row: (row) => (
      lines.push(`row ${JSON.stringify(row)} ${JSON.stringify(driver.feed(row))}`),
      true
    ),
    refused: (row, code) => (lines.push(`refused ${row.line} ${code}`), true),
    numbered: () => driver.numberedIds(false),
  });
  lines.push(`accounts ${core.accountCount}`);
  return lines;
}

describe('an Arrow flow decoded on a worker thread too (decodeWorker)', () => {
  it('is opened so at DECODE_WORKER_MIN_BYTES or more, or when asked', async () => {
    expect(statSync(flow).size).toBeLessThan(DECODE_WORKER_MIN_BYTES);
    const opened = [
      await openFlowSource(flow),
      await openFlowSource(flow, { decodeWorker: true }),
      await openArrowBatches(flow),
      await openArrowBatches(flow, { decodeWorker: true }),
    ];
    expect(opened.map((source) => 'decodeWorker' in source && source.decodeWorker)).toEqual([
      false,
      true,
      false,
      true,
    ]);
    for (const source of opened) source.close();
  });

  it('feeds exactly what this thread decodes alone, and so when the worker cannot read the file', async () => {
    const alone = await transcript(await openArrowBatches(flow));
    expect(alone.length).toBeGreaterThan(140_000);
    expect(alone.filter((line) => line.startsWith('row ')).length).toBe(114);
    const decoded = await openArrowBatches(flow, { decodeWorker: true });
    expect(await transcript(decoded)).toEqual(alone);
    const lost = await openArrowBatches(flow, { decodeWorker: true });
    expect(await transcript({ ...lost, file: join(work, 'missing.arrow') })).toEqual(alone);
  });

  it('decodes nothing from another file put at its path after it was opened', async () => {
    // The same rows with the two symbols swapped: blocks of the same sizes, other commands.
    const swappedCsv = join(work, 'swapped.csv');
    const symbols = { 'BTC-USD': 'ETH-USD', 'ETH-USD': 'BTC-USD' } as Record<string, string>;
    writeFileSync(
      swappedCsv,
      readFileSync(csv, 'utf8').replace(
        /,(BTC-USD|ETH-USD),/g,
        (_, symbol: string) => `,${symbols[symbol]},`,
      ),
    );
    const swapped = join(work, 'swapped.arrow');
    await convertFlowFile(swappedCsv, swapped);
    const moved = join(work, 'moved.arrow');
    copyFileSync(flow, moved);
    const opened = await openArrowBatches(moved, { decodeWorker: true });
    renameSync(swapped, moved);
    expect(await transcript(opened)).toEqual(await transcript(await openArrowBatches(flow)));
  });

  it('reports a broken record batch in the words of a replay without it', async () => {
    const broken = join(work, 'broken.arrow');
    const bytes = readFileSync(flow);
    const last = RecordBatchFileReader.from(bytes).open().footer!.getRecordBatch(2)!.offset;
    new DataView(bytes.buffer, bytes.byteOffset).setInt32(last + 4, 0x7fff_fff0, true);
    writeFileSync(broken, bytes);
    const alone = await replayRun({ file: broken, decodeWorker: false });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('the file ends inside a message');
    expect(await replayRun({ file: broken, decodeWorker: true })).toEqual(alone);
  });

  it('replays to the files and words of the row-by-row replay', async () => {
    const rowByRow = (): ReplayObserver<never> => ({
      beforeRow: () => {},
      afterRow: () => null,
      atEnd: () => null,
    });
    const numeric = await replayRun({ file: flow, out: join(work, 'numeric'), decodeWorker: true });
    const rows = await replayRun({ file: flow, out: join(work, 'rows'), observe: rowByRow });
    expect(numeric.code).toBe(0);
    expect(numeric.stderr.split('\n').length).toBe(119); // 118 refusals

    expect(numeric).toEqual(rows);
  });

  it('backtests the market maker to the summary and fills of the CSV flow', async () => {
    const config = testConfig({ intervalMs: 1000 });
    const backtest = async (source: FlowSource) => {
      const fills: string[] = [];
      const strategy = await loadStrategy('scenarios/strategies/market-maker.ts', config.params);
      const run = await backtestFlow(
        strategy,
        config,
        source,
        { strategy: 's', data: 'd' },
        {
          onFill: (fill) => void fills.push(JSON.stringify(fill)),
        },
      );
      if (!run.ok) throw new Error(run.error.message);
      return { summary: run.value.summary, fills };
    };
    const fromArrow = await backtest(await openArrowBatches(flow, { decodeWorker: true }));
    const fromCsv = await backtest(await openScenarioFile(csv));
    expect(fromArrow.fills.length).toBeGreaterThan(100);
    expect(fromArrow).toEqual(fromCsv);
  });

  it('publishes the blocks this thread would decode, up to a full ring', async () => {
    const batches = await openArrowBatches(small);
    const ring = new BlockRing();
    const workerData: DecodeWorkerInput = {
      path: small,
      instruments,
      ring: ring.buffer,
      releases: null,
      identity: batches.identity,
    };
    const worker = startWorker(decodeWorkerUrl, 'decode-worker', { workerData });
    await once(worker, 'exit'); // all 10 blocks fit in the ring
    const decoder = new BlockDecoder(batches.schema, instruments);
    const local = new CommandBlock();
    let index = 0;
    for await (const batch of batches.batches) {
      for (let first = 0; first < batch.numRows; first += BLOCK_ROWS, index++) {
        const count = Math.min(BLOCK_ROWS, batch.numRows - first);
        decoder.decode(batch, index, first, count, local, null);
        const published = ring.take(index, false)!;
        expect([published.index, published.count]).toEqual([index, count]);
        expect(published.kinds).toEqual(local.kinds);
        expect(published.times).toEqual(local.times);
        expect(published.prices).toEqual(local.prices);
        expect(published.sizes).toEqual(local.sizes);
        expect(published.books).toEqual(local.books);
        expect(published.entries).toEqual(local.entries);
      }
    }
    expect(index).toBe(10);
    expect(local.kinds.includes(NOT_DECODED)).toBe(false);
  });

  it('numbers the ids of the blocks claimed here as this thread does, then takes over', async () => {
    const batches = await openArrowBatches(small);
    const ring = new BlockRing();
    const releases = new ReleaseRing();
    const decoder = new BlockDecoder(batches.schema, instruments);
    const numbering = new IdNumbering();
    const local = new CommandBlock();
    const entries: number[][] = [];
    let batch: RecordBatch | undefined;
    for await (const read of batches.batches) batch ??= read; // one batch

    const rows = (index: number) => [index * BLOCK_ROWS, BLOCK_ROWS] as const;
    // This thread numbers blocks 0 to 2 before the worker starts; after block b it gives back
    // every entry of block b - 1, as when their orders are forgotten.
    for (let index = 0; index < 3; index++) {
      expect(ring.claim(index)).toBe(true);
      decoder.decode(batch!, index, ...rows(index), local, numbering);
      entries.push([...local.entries]);
      for (const entry of index > 0 ? new Set(entries[index - 1]) : []) {
        if (entry < 0) continue;
        numbering.release(entry, index);
        expect(releases.post(entry, index)).toBe(true);
      }
      releases.flush();
    }
    const workerData: DecodeWorkerInput = {
      path: small,
      instruments,
      ring: ring.buffer,
      releases: releases.buffer,
      identity: batches.identity,
    };
    const worker = startWorker(decodeWorkerUrl, 'decode-worker', { workerData });
    for (let index = 3; index < 10; index++) {
      decoder.decode(batch!, index, ...rows(index), local, numbering);
      const published = ring.take(index, true)!; // block 3 not claimed: the worker takes over
      expect(published.index).toBe(index);
      expect(published.entries).toEqual(local.entries);
      expect(published.kinds).toEqual(local.kinds);
      entries.push([...local.entries]);
    }
    await once(worker, 'exit');
    // Entries given back were numbered again: the releases reached both numberings alike.
    expect(entries[3]!.some((entry) => entries[0]!.includes(entry))).toBe(true);
    expect(entries.flat().filter((entry) => entry < 0).length).toBeGreaterThan(0);
  });
});

describe('a BlockRing', () => {
  /** The worker's side of `ring`, publishing block `index`. */
  function publish(worker: BlockRing, index: number): void {
    worker.slot().begin(index, 1);
    worker.publish();
  }

  it('gives the block asked for when published, else null, and drops those published late', () => {
    const ring = new BlockRing();
    const worker = new BlockRing(ring.buffer);
    expect(ring.take(0, false)).toBeNull(); // decoded by the venue's thread
    expect(worker.passed(0)).toBe(true);
    expect(worker.passed(1)).toBe(false);
    publish(worker, 0); // too late
    publish(worker, 1);
    expect(ring.take(1, false)!.index).toBe(1);
    expect(ring.take(2, false)).toBeNull();
    expect(worker.passed(2)).toBe(true);
    publish(worker, 3);
    publish(worker, 4);
    expect(ring.take(3, false)!.index).toBe(3);
    expect(ring.take(4, false)!.index).toBe(4);
    publish(worker, 6);
    expect(() => ring.take(5, false)).toThrow('block 6 came before 5');
  });

  it('lets the worker fill every slot, then each one the venue thread released', () => {
    const ring = new BlockRing();
    const worker = new BlockRing(ring.buffer);
    for (let index = 0; index < RING_SLOTS; index++) publish(worker, index);
    expect(ring.take(0, false)!.index).toBe(0);
    expect(ring.take(1, false)!.index).toBe(1); // releases block 0's slot
    publish(worker, RING_SLOTS);
    for (let index = 2; index <= RING_SLOTS; index++)
      expect(ring.take(index, false)!.index).toBe(index);
  });

  it('is numbered here until the worker takes over at the first block not claimed, or never', () => {
    const ring = new BlockRing();
    const worker = new BlockRing(ring.buffer);
    expect(ring.claim(0)).toBe(true);
    expect(worker.handOver(0)).toBe(false); // claimed: the worker numbers it behind
    expect(ring.claim(1)).toBe(true);
    expect(worker.handOver(1)).toBe(false);
    expect(worker.handOver(2)).toBe(true);
    expect(ring.claim(2)).toBe(false);
    expect(ring.keep(2)).toBe(false);

    const kept = new BlockRing();
    expect(kept.claim(0)).toBe(true);
    expect(kept.keep(1)).toBe(true);
    expect(new BlockRing(kept.buffer).handOver(1)).toBe(false);
  });

  it('gives a waiting venue thread the blocks published before the worker stopped, then null', () => {
    const ring = new BlockRing();
    const worker = new BlockRing(ring.buffer);
    publish(worker, 0);
    worker.stop();
    expect(ring.stopped).toBe(true);
    expect(ring.take(0, true)!.index).toBe(0);
    expect(ring.take(1, true)).toBeNull();
  });
});

describe('an IdNumbering', () => {
  const id = (text: string) => new TextEncoder().encode(text);
  const number = (numbering: IdNumbering, text: string, isNew: boolean, block: number) =>
    numbering.number(id(text), 0, text.length, isNew, block);

  it('numbers a new id (fresh), finds it for later rows, and forgets it only after the last block carrying it', () => {
    const numbering = new IdNumbering();
    expect(number(numbering, 'a', true, 0)).toBe(fresh(0));
    expect(number(numbering, 'b', true, 0)).toBe(fresh(1));
    expect(number(numbering, 'x', false, 0)).toBe(NO_ENTRY); // not a new row: no entry
    expect(number(numbering, 'a', false, 2)).toBe(0);
    numbering.release(0, 1); // block 2 carries it: kept
    expect(number(numbering, 'a', true, 3)).toBe(0);
    numbering.release(0, 3);
    numbering.release(0, 3); // once only
    expect(numbering.size).toBe(1);
    expect(number(numbering, 'a', false, 4)).toBe(NO_ENTRY);
    expect(number(numbering, 'c', true, 4)).toBe(fresh(0)); // the entry given back
    expect(number(numbering, 'a', true, 4)).toBe(fresh(2));
  });
});
