import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertFlowFile } from '../../adapters/flow/arrow/index.js';
import { feedFlow } from '../../adapters/flow/arrow/flow-feed.js';
import { openArrowBatches } from '../../adapters/flow/arrow/flow-reader.js';
import { openScenarioFile } from '../../adapters/flow/csv/index.js';
import { drivenVenue as driven } from '../driven-venue.js';

const work = mkdtempSync(join(tmpdir(), 'simex-refused-accounts-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * 300 rows under 300 new account names, each refused: by the core (a size above max_size, a limit
 * without a price: plain rows), by the row decoder (a price off the grid), or by the driver (a
 * cancel naming no order, a `new` reusing a live order's id); then one accepted row under `kept`.
 */
const ROWS = 300;
const csv = join(work, 'refused.csv');
const arrow = join(work, 'refused.arrow');
beforeAll(async () => {
  const time = (i: number) => new Date(Date.UTC(2026, 0, 5) + i).toISOString();
  const refused = (i: number) => {
    const start = `${time(i + 1)},`;
    switch (i % 5) {
      case 0:
        return `${start}new,r${i},name${i},BTC-USD,buy,limit,100.00,2000,gtc,`;
      case 1:
        return `${start}new,r${i},name${i},BTC-USD,buy,limit,,1,gtc,`;
      case 2:
        return `${start}new,r${i},name${i},BTC-USD,buy,limit,100.001,1,gtc,`;
      case 3:
        return `${start}cancel,r${i},name${i},BTC-USD,,,,,,`;
      default:
        return `${start}new,live,name${i},BTC-USD,buy,limit,100.00,1,gtc,`;
    }
  };
  writeFileSync(
    csv,
    [
      'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only',
      `${time(0)},new,live,first,BTC-USD,buy,limit,100.00,1,gtc,`,
      ...Array.from({ length: ROWS }, (_, i) => refused(i)),
      `${time(ROWS + 1)},new,k1,kept,BTC-USD,sell,limit,200.00,1,gtc,`,
      '',
    ].join('\n'),
  );
  await convertFlowFile(csv, arrow);
});

/** The account names the venue holds: only those of accepted rows. */
function accountNames(core: ReturnType<typeof driven>['core']): string[] {
  const { accounts } = core.store;
  return Array.from({ length: accounts.count }, (_, id) => accounts.name(id));
}

describe('a refused row leaves no account behind', () => {
  it('in an Arrow flow fed as commands', async () => {
    const { core, driver } = driven();
    let refusals = 0;
    await feedFlow(await openArrowBatches(arrow), core, {
      submit: (times, at, id, idStart, idEnd, command) =>
        driver.submitBytes(times, at, id, idStart, idEnd, command),
      row: (row) => (driver.feed(row) !== null && refusals++, true),
      refused: (row, code) => (driver.refusal(row.id, code), refusals++, true),
      numbered: () => driver.numberedIds(false),
    });

    expect(refusals).toBe(ROWS);
    expect(accountNames(core)).toEqual(['first', 'kept']);
  });

  it('and keeps a name a row took through the row decoder, which a later plain row then names', async () => {
    const withClientIds = join(work, 'client-ids.csv');
    const withClientIdsArrow = join(work, 'client-ids.arrow');
    writeFileSync(
      withClientIds,
      [
        'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only,client_order_id',
        '2026-01-05T00:00:00.000Z,new,a1,late,BTC-USD,buy,limit,100.00,1,gtc,,mine',
        '2026-01-05T00:00:00.001Z,new,a2,late,BTC-USD,buy,limit,100.00,2000,gtc,,',
        '2026-01-05T00:00:00.002Z,new,a3,other,BTC-USD,buy,limit,100.00,1,gtc,,',
        '',
      ].join('\n'),
    );
    await convertFlowFile(withClientIds, withClientIdsArrow);
    const { core, driver } = driven();
    const answers: (string | null)[] = [];
    await feedFlow(await openArrowBatches(withClientIdsArrow), core, {
      submit: (times, at, id, idStart, idEnd, command) => {
        const answer = driver.submitBytes(times, at, id, idStart, idEnd, command);
        if (answer > 0) answers.push(null);
        return answer;
      },
      row: (row) => (answers.push(driver.feed(row)?.code ?? null), true),
      refused: (row, code) => (answers.push(driver.refusal(row.id, code).code), true),
      numbered: () => driver.numberedIds(true), // restingOrders lists the ids below
    });

    expect(answers).toEqual([null, 'invalid_parameter', null]);
    expect(accountNames(core)).toEqual(['late', 'other']);
    const owners = [...driver.restingOrders()].map(([order, id]) => [id, order.account]);
    expect(owners).toEqual([
      ['a1', 'late'],
      ['a3', 'other'],
    ]);
  });

  it.each([
    ['fed one at a time', 'feed'],
    ['applied through the string API', 'apply'],
  ] as const)('in scenario rows %s', async (_, entry) => {
    const { core, driver } = driven();
    let refusals = 0;
    for await (const batch of (await openScenarioFile(csv)).batches)
      for (const row of batch) if (driver[entry](row) !== null) refusals++;

    expect(refusals).toBe(ROWS);
    expect(accountNames(core)).toEqual(['first', 'kept']);
  });
});
