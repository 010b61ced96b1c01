import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { convertFlowFile } from '../../adapters/flow/arrow/index.js';
import { feedFlow } from '../../adapters/flow/arrow/flow-feed.js';
import { openArrowBatches } from '../../adapters/flow/arrow/flow-reader.js';
import { openScenarioFile } from '../../adapters/flow/csv/index.js';
import type { Refusal } from '../../adapters/flow/driver/index.js';
import { drivenVenue as driven } from '../driven-venue.js';

const work = mkdtempSync(join(tmpdir(), 'simex-refused-rows-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const FLOW = [
  'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only',
  '2026-01-05T00:00:00.000Z,new,o1,a,BTC-USD,buy,limit,100.00,2000,gtc,',
  '2026-01-05T00:00:00.001Z,new,o2,a,BTC-USD,buy,limit,100.00,1,ioc,true',
  '2026-01-05T00:00:00.002Z,cancel,o9,a,BTC-USD,,,,,,',
  '2026-01-05T00:00:00.003Z,new,o3,a,BTC-USD,buy,limit,100.00,1,,',
  '',
].join('\n');

describe('a plain Arrow row the core refuses', () => {
  it('is submitted once and answered in the words a CSV row gets', async () => {
    const csv = join(work, 'refused.csv');
    const arrow = join(work, 'refused.arrow');
    writeFileSync(csv, FLOW);
    await convertFlowFile(csv, arrow);

    const fromCsv: (Refusal | null)[] = [];
    const viaCsv = driven();
    for await (const batch of (await openScenarioFile(csv)).batches)
      for (const row of batch) fromCsv.push(viaCsv.driver.feed(row));

    const { core, driver } = driven();
    const submit = vi.spyOn(core, 'submit');
    const fromArrow: (Refusal | null)[] = [];
    const answer = (refusal: Refusal | null) => (fromArrow.push(refusal), true);
    await feedFlow(await openArrowBatches(arrow), core, {
      submit: (times, at, id, idStart, idEnd, command) =>
        driver.submitBytes(times, at, id, idStart, idEnd, command),
      row: (row) => answer(driver.feed(row)),
      refused: (row, code) => answer(driver.refusal(row.id, code)),
      numbered: () => driver.numberedIds(false),
    });

    expect(submit).toHaveBeenCalledTimes(3); // o1, o2 and o3; the cancel of o9 names no order
    expect(driver.rowCount).toBe(4);
    expect(fromArrow).toEqual([
      {
        code: 'invalid_parameter',
        message: 'size must be at most 1000.00000000',
      },
      { code: 'invalid_parameter', message: 'post_only is for limit gtc orders only' },
      { code: 'order_not_found', message: 'no order o9 for this account' },
    ]);
    expect(fromCsv.filter((refusal) => refusal !== null)).toEqual(fromArrow);
  });
});
