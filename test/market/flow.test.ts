import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Venue } from '../../src/index.js';
import { openFlowFile } from '../../adapters/flow/arrow/index.js';
import {
  FlowMarket,
  planMarket,
  startMarket,
  type MarketCommand,
} from '../../adapters/server/market/index.js';
import { ManualScheduler, START } from './manual-scheduler.js';

const directory = await mkdtemp(join(tmpdir(), 'simex-market-'));
afterAll(() => rm(directory, { recursive: true, force: true }));

const FLOW = [
  '# instrument symbol=ABC-USD tick_size=0.01 lot_size=1 reference_price=10.00',
  'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only',
  '2026-01-05T09:30:00.000Z,new,a1,flow-maker,ABC-USD,sell,limit,10.05,5,gtc,false',
  '2026-01-05T09:30:01.000Z,new,b1,flow-maker,ABC-USD,buy,limit,9.95,5,gtc,false',
  '2026-01-05T09:30:02.000Z,new,t1,flow-taker,ABC-USD,buy,market,,2,,',
  '2026-01-05T09:30:04.000Z,reduce,b1,flow-maker,ABC-USD,,,,1,,',
].join('\n');
const file = join(directory, 'flow.csv');
await writeFile(file, FLOW + '\n');

/** The flow at speed 2 on a fresh venue of its instruments, on a manual scheduler. */
async function flowMarket(loop: boolean) {
  const scenario = await openFlowFile(file);
  scenario.close();
  const scheduler = new ManualScheduler();
  const created = Venue.create({ clock: scheduler.now, instruments: scenario.instruments });
  if (!created.ok) throw new Error(created.error.message);
  const venue = created.value;
  const commands: string[] = [];
  const onAccepted = (command: MarketCommand) =>
    commands.push(`${command.action} ${command.order.id} ${venue.now() - START}`);
  const open = () => openFlowFile(file);
  const flow = new FlowMarket({ venue, open, speed: 2, loop, start: START, hooks: { onAccepted } });
  const running = startMarket(flow, scheduler);
  return { scheduler, venue, flow, running, commands };
}

const tradesOf = (venue: Venue) => {
  const trades = venue.trades('ABC-USD');
  if (!trades.ok) throw new Error(trades.error.message);
  return trades.value.map((t) => `${t.takerAccount} ${t.size}@${t.price} +${t.timestamp - START}`);
};

describe('--market FILE: a flow replayed in scaled time', () => {
  it('applies each row at its time divided by the speed, under the flow accounts', async () => {
    const { scheduler, venue, flow, running, commands } = await flowMarket(false);
    void scheduler.advanceTo(Infinity);
    await running.done;
    expect(commands).toEqual([
      'new ord_1 0',
      'new ord_2 500',
      'new ord_3 1000',
      'reduce ord_2 2000',
    ]);
    expect(tradesOf(venue)).toEqual(['flow-taker 2@10.05 +1000']);
    expect(flow).toMatchObject({ rowsApplied: 4, rowsRefused: 0, passes: 1 });
    const bids = venue.orderBook('ABC-USD');
    expect(bids.ok && bids.value).toMatchObject({ bids: [['9.95', '4']], asks: [['10.05', '3']] });
  });

  it('puts clients in the same book: a client takes the flow order, the flow takes what is left', async () => {
    const { scheduler, venue, running } = await flowMarket(false);
    await scheduler.advanceTo(START + 600);
    const client = venue.placeOrder({
      account: 'alice',
      symbol: 'ABC-USD',
      side: 'buy',
      type: 'market',
      size: '4',
    });
    expect(client.ok && client.value).toMatchObject({ status: 'filled', averagePrice: '10.05' });
    void scheduler.advanceTo(Infinity);
    await running.done;
    expect(tradesOf(venue)).toEqual(['flow-taker 1@10.05 +1000', 'alice 4@10.05 +600']);
  });

  it('reports each command at the time the venue applied it, though the clock moves while it runs', async () => {
    const scenario = await openFlowFile(file);
    scenario.close();
    const scheduler = new ManualScheduler();
    let drift = 0;
    const clock = () => scheduler.now() + drift;
    const created = Venue.create({ clock, instruments: scenario.instruments });
    if (!created.ok) throw new Error(created.error.message);
    const venue = created.value;
    venue.subscribe(() => {
      drift += 1; // every event takes a millisecond
    });
    const applied: string[] = [];
    const onAccepted = (command: MarketCommand) =>
      applied.push(
        `${command.action} ${command.order.id} ${('at' in command ? command.at : command.order.createdAt) - START}`,
      );
    const open = () => openFlowFile(file);
    const flow = new FlowMarket({
      venue,
      open,
      speed: 2,
      loop: false,
      start: START,
      hooks: { onAccepted },
    });
    const running = startMarket(flow, scheduler);
    void scheduler.advanceTo(Infinity);
    await running.done;
    // Each at its row's time plus the drift of the events before it (2 a resting order, 4 the
    // market order's trade), not after its own events: the reduce at 2000 + 8, not 2000 + 10.
    expect(applied).toEqual([
      'new ord_1 0',
      'new ord_2 502',
      'new ord_3 1004',
      'reduce ord_2 2008',
    ]);
  });

  it('--loop: cancels what the flow left resting, then starts again right after its last row', async () => {
    const { scheduler, venue, flow, running, commands } = await flowMarket(true);
    await scheduler.advanceTo(START + 3500);
    expect(commands).toEqual([
      'new ord_1 0',
      'new ord_2 500',
      'new ord_3 1000',
      'reduce ord_2 2000',
      'cancel ord_1 2000',
      'cancel ord_2 2000',
      'new ord_4 2000',
      'new ord_5 2500',
      'new ord_6 3000',
    ]);
    expect(tradesOf(venue)).toEqual(['flow-taker 2@10.05 +3000', 'flow-taker 2@10.05 +1000']);
    expect(flow.passes).toBe(1);
    await running.stop();
  });
});

describe('planMarket', () => {
  const plan = (choice: Parameters<typeof planMarket>[0]) =>
    planMarket(choice, new ManualScheduler(), () => {});

  it("takes a flow's instruments and describes the source for the banner", async () => {
    expect(await plan({ kind: 'flow', file, speed: 2, loop: true })).toMatchObject({
      instruments: [{ symbol: 'ABC-USD', tickSize: '0.01', lotSize: '1', referencePrice: '10.00' }],
      demoLiquidity: false,
      description: `the flow ${file} (4 rows) at speed 2, looping`,
    });
    expect(await plan({ kind: 'agents', seed: 7 })).toMatchObject({
      demoLiquidity: false,
      description: 'agents (seed 7, default parameters)',
    });
    expect(await plan({ kind: 'none' })).toEqual({
      demoLiquidity: true,
      description: 'none: the demo book, which does not move',
    });
  });

  it('refuses a missing, malformed or unfit file with one line', async () => {
    const missing = join(directory, 'missing.csv');
    expect(await plan({ kind: 'flow', file: missing, speed: 1, loop: false })).toEqual({
      error: `${missing}: no such file or directory (ENOENT)`,
    });
    const bad = join(directory, 'bad.csv');
    await writeFile(bad, FLOW.replace(',new,t1,', ',old,t1,') + '\n');
    expect(await plan({ kind: 'flow', file: bad, speed: 1, loop: false })).toEqual({
      error: expect.stringMatching(new RegExp(`^${bad}:5:\\d+: `)),
    });
    const agents = join(directory, 'agents.json');
    await writeFile(agents, '{"noise":{"count":-1}}');
    expect(await plan({ kind: 'agents', seed: 1, agentsFile: agents })).toEqual({
      error: `${agents}: noise.count must be an integer from 0 to 100`,
    });
    await writeFile(agents, '{');
    expect(await plan({ kind: 'agents', seed: 1, agentsFile: agents })).toEqual({
      error: expect.stringMatching(new RegExp(`^${agents}: not JSON: `)),
    });
    expect(await plan({ kind: 'agents', seed: 1, agentsFile: directory })).toEqual({
      error: `${directory}: is a directory, not a file (EISDIR)`,
    });
  });
});
