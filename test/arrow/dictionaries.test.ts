import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open, type FileHandle } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BATCH_ROWS, convertFlowFile } from '../../adapters/flow/arrow/index.js';
import { feedFlow } from '../../adapters/flow/arrow/flow-feed.js';
import { openArrowBatches, openArrowFlow } from '../../adapters/flow/arrow/flow-reader.js';
import { ROW_DECLINED, ROW_TAKEN } from '../../adapters/flow/index.js';
import { flowInstruments } from '../../adapters/runs/generate/flow-instruments.js';
import { writeFlow } from '../../adapters/runs/generate/write-flow.js';
import { ACTION_NEW, DEFAULT_INSTRUMENTS, Venue, type InstrumentSpec } from '../../src/index.js';
import { arrow } from '../../adapters/flow/arrow/arrow-library.js';
import type { Dictionary } from 'apache-arrow';

const { DataType } = arrow;

const work = mkdtempSync(join(tmpdir(), 'simex-dictionaries-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function venueCore(instruments: readonly InstrumentSpec[]) {
  const created = Venue.create({ instruments, clock: () => 0 });
  if (!created.ok) throw new Error(created.error.message);
  return created.value.core;
}

/**
 * simex writes an Arrow flow's enum columns as delta dictionaries, and apache-arrow gives every
 * batch after a delta a new dictionary: the old chunks and the delta's.
 */
describe('delta dictionaries', () => {
  /** A flow of two batches whose second brings a new account name, `late`, in a delta. */
  const lateAccount = join(work, 'late-account.arrow');
  beforeAll(async () => {
    const csv = join(work, 'late-account.csv');
    const row = (i: number) =>
      `2026-01-05T00:00:00.000Z,new,o${i},${i < BATCH_ROWS ? 'early' : 'late'},BTC-USD,buy,limit,100.00,1.00000000,gtc,`;
    const header = 'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only';
    const rows = Array.from({ length: BATCH_ROWS + 10 }, (_, i) => row(i));
    writeFileSync(csv, [header, ...rows, ''].join('\n'));
    await convertFlowFile(csv, lateAccount);
  });

  it('are read when the file opens without a wait on the thread pool for each', async () => {
    const probe = await open(lateAccount, 'r');
    const handleRead = vi.spyOn(Object.getPrototypeOf(probe) as FileHandle, 'read');
    await probe.close();
    try {
      const flow = await openArrowBatches(lateAccount);
      flow.close();
      expect(flow.schema.fields.length).toBeGreaterThan(0);
      expect(handleRead).not.toHaveBeenCalled();
    } finally {
      handleRead.mockRestore();
    }
  });

  it('are coded a word at a time by the numeric feed, each word once', async () => {
    const path = join(work, 'three-batches.arrow');
    const out = createWriteStream(path);
    const instruments = flowInstruments(['BTC-USD', 'ETH-USD']);
    const options = { seed: 5, events: 2 * BATCH_ROWS + 100, instruments, accounts: 5 };
    await writeFlow({ ...options, start: Date.UTC(2026, 0, 5), meanIntervalMs: 100 }, out, 'arrow');
    out.end();
    await finished(out);
    const core = venueCore(instruments);
    const accountId = vi.spyOn(core, 'accountId');
    let rows = 0;
    const take = () => (rows++, true);
    await feedFlow(await openArrowBatches(path), core, {
      submit: () => (take(), ROW_TAKEN),
      row: take,
      refused: take,
      numbered: () => null,
    });

    expect(rows).toBe(2 * BATCH_ROWS + 100);
    const names = accountId.mock.calls.map(([name]) => name);
    expect(names.sort()).toEqual(['acct01', 'acct02', 'acct03', 'acct04', 'acct05']);
  });

  it("give the numeric feed a later batch's new words", async () => {
    const core = venueCore(DEFAULT_INSTRUMENTS);
    const accounts: number[] = [];
    await feedFlow(await openArrowBatches(lateAccount), core, {
      submit: (...[, , , , , command]) =>
        command.action === ACTION_NEW && accounts.push(command.account) > 0
          ? ROW_TAKEN
          : ROW_DECLINED,
      row: () => false,
      refused: () => false,
      numbered: () => null,
    });

    const [early, late] = [core.accountId('early'), core.accountId('late')];
    expect(late).not.toBe(early);
    expect(accounts).toEqual([
      ...Array<number>(BATCH_ROWS).fill(early),
      ...Array<number>(10).fill(late),
    ]);
  });

  it("give the row reader a later batch's new words", async () => {
    const accounts: string[] = [];
    for await (const row of (await openArrowFlow(lateAccount)).rows) accounts.push(row.account);

    expect(accounts).toEqual([
      ...Array<string>(BATCH_ROWS).fill('early'),
      ...Array<string>(10).fill('late'),
    ]);
  });
});

describe('dictionary indexes', () => {
  it('are one byte for the enum columns, four for accounts and symbols', async () => {
    const csv = join(work, 'features.csv');
    writeFileSync(
      csv,
      'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only,stop_price,stp,expire_at\n' +
        '2026-01-05T00:00:00.000Z,new,o1,a,BTC-USD,buy,limit,100.00,1.00000000,gtc,,,none,\n',
    );
    const path = join(work, 'features.arrow');
    await convertFlowFile(csv, path);
    const flow = await openArrowBatches(path);
    flow.close();
    const widths = Object.fromEntries(
      flow.schema.fields
        .filter((field) => DataType.isDictionary(field.type))
        .map((field) => [field.name, (field.type as Dictionary).indices.bitWidth]),
    );
    expect(widths).toEqual({
      action: 8,
      account: 32,
      symbol: 32,
      side: 8,
      type: 8,
      time_in_force: 8,
      stp: 8,
    });
  });
});
