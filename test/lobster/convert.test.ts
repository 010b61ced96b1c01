import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatScenarioRow } from '../../adapters/flow/index.js';
import {
  convertLobster,
  emptyCounts,
  formatLobsterPrice,
  readLobsterMessages,
  readLobsterOrderbook,
} from '../../adapters/flow/lobster/index.js';
import { nanosToMs, parseTimeOfDay } from '../../adapters/flow/lobster/lobster-values.js';

const DAY_MS = Date.UTC(2012, 5, 21);

async function convert(messages: string, orderbook?: string) {
  const counts = emptyCounts();
  const lines: string[] = [];
  const converted = convertLobster(
    readLobsterMessages(Readable.from([messages]), 'm.csv'),
    {
      symbol: 'AAPL-USD',
      dayMs: DAY_MS,
      messageFile: 'm.csv',
      ...(orderbook === undefined
        ? {}
        : {
            orderbook: {
              rows: readLobsterOrderbook(Readable.from([orderbook]), 'o.csv'),
              file: 'o.csv',
            },
          }),
    },
    counts,
  );
  for await (const message of converted) {
    for (const row of message.rows)
      lines.push(`${message.line}| ${formatScenarioRow(row).trimEnd()}`);
  }
  return { lines, counts };
}

describe('LOBSTER messages become scenario rows', () => {
  it('converts each message type exactly', async () => {
    const { lines, counts } = await convert(
      [
        '34200.004241176,1,16113575,18,5853300,1',
        '34200.1,1,16113584,100,5859100,-1',
        '34201,2,16113584,30,5859100,-1',
        '34201.9999999,4,16113575,5,5853300,1',
        '34202.000000001,5,0,7,5855000,1',
        '34203,3,16113584,70,5859100,-1',
        '34204,6,0,100,5855000,1',
        '34205,7,0,0,-1,-1',
      ].join('\n'),
    );
    expect(lines).toEqual([
      '1| 2012-06-21T09:30:00.004Z,new,16113575,lobster,AAPL-USD,buy,limit,585.33,18,gtc,',
      '2| 2012-06-21T09:30:00.100Z,new,16113584,lobster,AAPL-USD,sell,limit,585.91,100,gtc,',
      '3| 2012-06-21T09:30:01.000Z,reduce,16113584,lobster,AAPL-USD,,,,30,,',
      '4| 2012-06-21T09:30:01.999Z,new,x4,lobster-taker,AAPL-USD,sell,limit,585.33,5,ioc,',
      '6| 2012-06-21T09:30:03.000Z,cancel,16113584,lobster,AAPL-USD,,,,,,',
    ]);
    expect(counts).toMatchObject({
      messages: 8,
      rows: 5,
      hiddenExecutions: 1,
      crossTrades: 1,
      halts: 1,
    });
  });

  it('without an orderbook file, skips and counts messages about orders it never saw', async () => {
    const { lines, counts } = await convert(
      '34200,3,1,10,1000000,1\n34200,4,2,10,1000000,-1\n34200,2,3,1,1000000,1\n',
    );
    expect(lines).toEqual([]);
    expect(counts.unknownSkipped).toBe(3);
  });

  it('seeds the book from the first orderbook row, and acts on the seed for unknown orders', async () => {
    const empty = '9999999999,0,-9999999999,0';
    const { lines, counts } = await convert(
      '34200,4,7,40,1000100,-1\n34200.5,3,8,60,1000000,1\n',
      `1000100,60,1000000,100,${empty}\n1000100,60,-9999999999,0,${empty}\n`,
    );
    expect(lines).toEqual([
      '1| 2012-06-21T09:30:00.000Z,new,seed-1,lobster-depth,AAPL-USD,sell,limit,100.01,100,gtc,',
      '1| 2012-06-21T09:30:00.000Z,new,seed-2,lobster-depth,AAPL-USD,buy,limit,100.00,100,gtc,',
      '1| 2012-06-21T09:30:00.000Z,new,x1,lobster-taker,AAPL-USD,buy,limit,100.01,40,ioc,',
      '2| 2012-06-21T09:30:00.500Z,reduce,seed-2,lobster-depth,AAPL-USD,,,,60,,',
      '2| 2012-06-21T09:30:00.500Z,cancel,seed-2,lobster-depth,AAPL-USD,,,,,,',
    ]);
    expect(counts).toMatchObject({ seedOrders: 2, unknownOnLevel: 2, depthReductions: 1 });
  });

  it('reads times to the nanosecond, rounding the digits past the ninth decimal half up', () => {
    expect(
      [
        '34200',
        '34200.1',
        '43002.632812672',
        '43002.632812672004',
        '43002.6328126719996',
        '43002.6328126724999',
        '43002.6328126725',
        '34200.9999999996',
        '86399.9999999994',
        '86399.9999999995',
        '86400',
        '1e3',
        '.5',
        '34200.',
        '034200',
      ].map(parseTimeOfDay),
    ).toEqual([
      34_200_000_000_000,
      34_200_100_000_000,
      43_002_632_812_672,
      43_002_632_812_672,
      43_002_632_812_672,
      43_002_632_812_672,
      43_002_632_812_673,
      34_201_000_000_000,
      86_399_999_999_999,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect([43_002_632_812_672, 34_200_999_999_999, 0].map(nanosToMs)).toEqual([
      43_002_632, 34_200_999, 0,
    ]);
  });

  it('writes times truncated to the millisecond, after rounding to the nanosecond', async () => {
    const { lines } = await convert(
      '43002.632812672004,1,1,100,2238700,-1\n43002.6329999996,1,2,100,2238700,-1\n',
    );
    expect(lines).toEqual([
      '1| 2012-06-21T11:56:42.632Z,new,1,lobster,AAPL-USD,sell,limit,223.87,100,gtc,',
      '2| 2012-06-21T11:56:42.633Z,new,2,lobster,AAPL-USD,sell,limit,223.87,100,gtc,',
    ]);
  });

  it('with an orderbook file, a halt, its quote and resume messages and a cross trade change nothing', async () => {
    const row = '1000100,60,1000000,100';
    const { lines, counts } = await convert(
      [
        '34200,1,1,100,1000000,1',
        '36023,7,0,0,-1,-1',
        '36323,7,0,0,0,-1',
        '36500,6,0,500,1000050,-1',
        '36723,7,0,0,1,-1',
      ].join('\n'),
      `${row}\n${row}\n${row}\n${row}\n${row}\n`,
    );
    expect(lines).toEqual([
      '1| 2012-06-21T09:30:00.000Z,new,seed-1,lobster-depth,AAPL-USD,sell,limit,100.01,60,gtc,',
      '1| 2012-06-21T09:30:00.000Z,new,1,lobster,AAPL-USD,buy,limit,100.00,100,gtc,',
    ]);
    expect(counts).toMatchObject({
      messages: 5,
      rows: 2,
      halts: 3,
      crossTrades: 1,
      depthOrders: 0,
    });
  });

  it('writes prices with integer arithmetic', () => {
    expect([5853300, 100, 1000000, 99999900].map(formatLobsterPrice)).toEqual([
      '585.33',
      '0.01',
      '100.00',
      '9999.99',
    ]);
  });
});
