import { describe, expect, it } from 'vitest';
import { importBinance } from '../../adapters/flow/l2/index.js';
import { Collector, failure, readL2, workDirectory } from './l2-test-files.js';

const file = workDirectory();
const SNAPSHOT = JSON.stringify({
  lastUpdateId: 100,
  bids: [
    ['100.00', '1.5'],
    ['99.5', '2'],
  ],
  asks: [['101', '3']],
});
const depth = (U: number, u: number, b: [string, string][], a: [string, string][], E = 1000 + U) =>
  JSON.stringify({ e: 'depthUpdate', E, s: 'BTCUSDT', U, u, b, a });

async function imported(lines: string[], snapshot = SNAPSHOT, format: 'csv' | 'arrow' = 'csv') {
  const out = new Collector();
  const eventsFile = file('events.jsonl', lines.join('\n') + '\n');
  const counts = await importBinance(
    { eventsFile, snapshotFile: file('snapshot.json', snapshot), symbol: 'BTC-USDT', format },
    out,
  );
  return { counts, bytes: out.bytes(), eventsFile };
}

async function refusal(lines: string[], snapshot = SNAPSHOT): Promise<string> {
  const eventsFile = file('events.jsonl', lines.join('\n') + '\n');
  const snapshotFile = file('snapshot.json', snapshot);
  const message = await failure(() =>
    importBinance({ eventsFile, snapshotFile, symbol: 'BTC-USDT' }, new Collector()),
  );
  return message.replace(eventsFile, 'EVENTS').replace(snapshotFile, 'SNAPSHOT');
}

describe('simex import binance', () => {
  it('drops events up to lastUpdateId, then the snapshot, updates and trades in order', async () => {
    const { bytes, counts } = await imported([
      depth(90, 100, [['100', '9']], []),
      JSON.stringify({
        e: 'trade',
        E: 1095,
        s: 'BTCUSDT',
        t: 1,
        p: '100',
        q: '1',
        T: 1094,
        m: true,
      }),
      depth(95, 102, [['100', '0']], [['101.5', '1']]),
      JSON.stringify({
        localTs: 1200,
        e: 'trade',
        E: 1150,
        s: 'BTCUSDT',
        t: 2,
        p: '101',
        q: '0.5',
        T: 1149,
        m: true,
      }),
      JSON.stringify({
        localTs: 1200,
        stream: 'btcusdt@aggTrade',
        data: { e: 'aggTrade', E: 1160, s: 'BTCUSDT', a: 3, p: '101.0', q: '2', T: 1158, m: false },
      }),
      JSON.stringify({ e: 'kline', E: 1170, s: 'BTCUSDT' }),
      '',
      JSON.stringify({ localTs: 1210, ...JSON.parse(depth(103, 103, [], [['101', '0']], 1180)) }),
    ]);
    expect(bytes.toString()).toBe(
      [
        'exchange_ts,local_ts,symbol,kind,side,price,size',
        '1095,1095,BTC-USDT,snapshot,buy,100,1.5',
        '1095,1095,BTC-USDT,snapshot,buy,99.5,2',
        '1095,1095,BTC-USDT,snapshot,sell,101,3',
        '1095,1095,BTC-USDT,update,buy,100,0',
        '1095,1095,BTC-USDT,update,sell,101.5,1',
        '1149,1200,BTC-USDT,trade,sell,101,0.5',
        '1158,1200,BTC-USDT,trade,buy,101,2',
        '1180,1210,BTC-USDT,update,sell,101,0',
        '',
      ].join('\n'),
    );
    expect(counts).toEqual({
      snapshotLevels: 3,
      updates: 3,
      trades: 2,
      beforeSnapshot: 2,
      otherEvents: 1,
    });
  });

  it('accepts a first event whose U is at or before lastUpdateId + 1', async () => {
    const { counts } = await imported([depth(101, 101, [], []), depth(102, 110, [], [])]);
    expect(counts.updates).toBe(0);
    expect((await imported([depth(50, 101, [], [])])).counts.snapshotLevels).toBe(3);
  });

  it('gives the same bytes twice, and the same rows in CSV and Arrow form', async () => {
    const lines = [depth(100, 101, [['99', '1']], []), depth(102, 102, [], [['102', '4']])];
    const csv = await imported(lines);
    expect((await imported(lines)).bytes.equals(csv.bytes)).toBe(true);
    const arrow = await imported(lines, SNAPSHOT, 'arrow');
    expect((await imported(lines, SNAPSHOT, 'arrow')).bytes.equals(arrow.bytes)).toBe(true);
    const rows = await readL2(file('b.l2.arrow', arrow.bytes));
    expect(rows).toEqual(await readL2(file('b.l2.csv', csv.bytes)));
    expect(rows).toHaveLength(5);
  });

  it.each([
    [
      'a gap between the snapshot and the first event',
      [depth(102, 105, [], [])],
      'EVENTS:1:1: gap in update ids: the first event after the snapshot must have U <= 101 <= u, has U 102',
    ],
    [
      'a gap between events',
      [depth(101, 101, [], []), depth(103, 104, [], [])],
      'EVENTS:2:1: gap in update ids: U 103 after u 101 (expected U 102)',
    ],
    [
      'a crossed book',
      [depth(101, 101, [['101', '1']], [])],
      'EVENTS:1:1: crossed book: best bid 101 >= best ask 101 after this event',
    ],
    [
      'time going backwards',
      [depth(101, 101, [], [], 2000), depth(102, 102, [], [], 1999)],
      'EVENTS:2:1: time going backwards: localTs 1999 after 2000',
    ],
    ['a line that is not JSON', ['{"e":'], 'EVENTS:1:1: not JSON: '],
    ['a line that is not an object', ['[1]'], 'EVENTS:1:1: expected a JSON object'],
    [
      'a missing E',
      [JSON.stringify({ e: 'depthUpdate', s: 'BTCUSDT', U: 101, u: 101, b: [], a: [] })],
      'EVENTS:1:1: field "E" must be a whole number, got undefined',
    ],
    ['U after u', [depth(105, 101, [], [])], 'EVENTS:1:1: U 105 is after u 101'],
    [
      'a price as a number',
      [depth(101, 101, [[100 as unknown as string, '1']], [])],
      'EVENTS:1:1: price must be a positive decimal string, got 100',
    ],
    [
      'a negative quantity',
      [depth(101, 101, [['100', '-1']], [])],
      'EVENTS:1:1: quantity must be a non-negative decimal string, got "-1"',
    ],
    [
      'levels that are not pairs',
      [JSON.stringify({ e: 'depthUpdate', E: 1, s: 'BTCUSDT', U: 101, u: 101, b: [['1']], a: [] })],
      'EVENTS:1:1: field "b" must be a list of [price, quantity]',
    ],
    [
      'another symbol',
      [
        depth(101, 101, [], []),
        JSON.stringify({ e: 'depthUpdate', E: 2000, s: 'ETHUSDT', U: 102, u: 102, b: [], a: [] }),
      ],
      'EVENTS:2:1: symbol "ETHUSDT" differs from "BTCUSDT" of the first event',
    ],
    [
      'a trade without m',
      [
        depth(101, 101, [], []),
        JSON.stringify({ e: 'trade', E: 2000, s: 'BTCUSDT', p: '1', q: '1' }),
      ],
      'EVENTS:2:1: field "m" must be true or false',
    ],
    [
      'a zero trade',
      [
        depth(101, 101, [], []),
        JSON.stringify({ e: 'trade', E: 2000, s: 'BTCUSDT', p: '1', q: '0', m: true }),
      ],
      'EVENTS:2:1: quantity must be a positive decimal string, got "0"',
    ],
    [
      'no event past the snapshot',
      [depth(1, 100, [], [])],
      "EVENTS:1:1: no depthUpdate event reaches past the snapshot's lastUpdateId 100",
    ],
  ])('refuses %s', async (_, lines, message) => {
    expect(await refusal(lines)).toMatch(
      new RegExp(`^L2InputError: ${message.replace(/[[\]()]/g, '\\$&')}`),
    );
  });

  // Every field the rules name, missing or of the wrong type, one at a time.
  const event = { e: 'depthUpdate', E: 1000, s: 'BTCUSDT', U: 101, u: 101, b: [], a: [] };
  const trade = { e: 'trade', E: 2000, s: 'BTCUSDT', p: '1', q: '1', m: false };
  const without = (object: Record<string, unknown>, key: string) =>
    JSON.stringify(Object.fromEntries(Object.entries(object).filter(([k]) => k !== key)));
  it.each([
    ['U', [without(event, 'U')], 'EVENTS:1:1: field "U" must be a whole number, got undefined'],
    ['u', [without(event, 'u')], 'EVENTS:1:1: field "u" must be a whole number, got undefined'],
    ['s', [without(event, 's')], 'EVENTS:1:1: field "s" must be the symbol'],
    ['a', [without(event, 'a')], 'EVENTS:1:1: field "a" must be a list of [price, quantity]'],
    [
      'localTs',
      [JSON.stringify({ localTs: '5', ...event })],
      'EVENTS:1:1: field "localTs" must be a whole number, got "5"',
    ],
    [
      'p of a trade',
      [depth(101, 101, [], []), without(trade, 'p')],
      'EVENTS:2:1: price must be a positive decimal string, got undefined',
    ],
    [
      'q of a trade',
      [depth(101, 101, [], []), without(trade, 'q')],
      'EVENTS:2:1: quantity must be a positive decimal string, got undefined',
    ],
  ])('refuses an event without a valid %s', async (_, lines, message) => {
    expect(await refusal(lines)).toMatch(
      new RegExp(`^L2InputError: ${message.replace(/[[\]()]/g, '\\$&')}`),
    );
  });

  it.each([
    ['not JSON', 'nope', 'SNAPSHOT:1:1: not JSON: '],
    [
      'without lastUpdateId',
      '{"bids":[],"asks":[]}',
      'SNAPSHOT:1:1: field "lastUpdateId" must be a whole number, got undefined',
    ],
    [
      'without asks',
      '{"lastUpdateId":1,"bids":[]}',
      'SNAPSHOT:1:1: field "asks" must be a list of [price, quantity]',
    ],
  ])('refuses a snapshot %s', async (_, snapshot, message) => {
    expect(await refusal([depth(101, 101, [], [])], snapshot)).toMatch(
      new RegExp(`^L2InputError: ${message.replace(/[[\]()]/g, '\\$&')}`),
    );
  });
});
