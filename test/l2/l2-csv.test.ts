import { describe, expect, it } from 'vitest';
import { L2_CSV_HEADER } from '../../adapters/flow/l2/index.js';
import { failure, readL2, workDirectory } from './l2-test-files.js';

const file = workDirectory();
const flow = (...rows: string[]) => file('day.l2.csv', L2_CSV_HEADER + rows.join('\n') + '\n');

describe('the L2 CSV form', () => {
  it('reads every column, canonical decimals, in file order', async () => {
    const path = flow(
      '1000,1005,BTC-USDT,snapshot,buy,100.50,1.0',
      '1000,1005,BTC-USDT,snapshot,sell,101,0002',
      '1010,1015,BTC-USDT,update,buy,100.5,0',
      '1020,1020,ETH-USDT,trade,sell,7,0.25',
    );
    expect(await readL2(path)).toEqual([
      {
        exchangeTs: 1000,
        localTs: 1005,
        symbol: 'BTC-USDT',
        kind: 'snapshot',
        side: 'buy',
        price: '100.5',
        size: '1',
      },
      {
        exchangeTs: 1000,
        localTs: 1005,
        symbol: 'BTC-USDT',
        kind: 'snapshot',
        side: 'sell',
        price: '101',
        size: '2',
      },
      {
        exchangeTs: 1010,
        localTs: 1015,
        symbol: 'BTC-USDT',
        kind: 'update',
        side: 'buy',
        price: '100.5',
        size: '0',
      },
      {
        exchangeTs: 1020,
        localTs: 1020,
        symbol: 'ETH-USDT',
        kind: 'trade',
        side: 'sell',
        price: '7',
        size: '0.25',
      },
    ]);
  });

  it('accepts \\r\\n endings and a last line without its newline', async () => {
    const path = file(
      'crlf.csv',
      L2_CSV_HEADER.replace('\n', '\r\n') + '1,2,A-B,trade,buy,1,1\r\n3,4,A-B,trade,buy,1,1',
    );
    expect((await readL2(path)).map((row) => row.localTs)).toEqual([2, 4]);
  });

  it('gives the rows in batches, one per chunk read', async () => {
    const lines = Array.from({ length: 60_000 }, (_, i) => `${i},${i},A-B,update,buy,1,${i}`);
    const source = await (
      await import('../../adapters/flow/l2/index.js')
    ).openL2File(flow(...lines));
    const sizes: number[] = [];
    for await (const batch of source.batches) sizes.push(batch.length);
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes.reduce((a, b) => a + b)).toBe(60_000);
  });

  it.each([
    [
      'a wrong header',
      'ts,local_ts,symbol,kind,side,price,size\n',
      ':1:1: expected the header exchange_ts,local_ts,symbol,kind,side,price,size',
    ],
    [
      'an empty file',
      '',
      ':1:1: empty file: expected the header exchange_ts,local_ts,symbol,kind,side,price,size',
    ],
    ['a short row', L2_CSV_HEADER + '1,2,A-B,trade,buy,1\n', ':2:1: expected 7 cells, found 6'],
    [
      'exchange_ts not whole ms',
      L2_CSV_HEADER + '1.5,2,A-B,trade,buy,1,1\n',
      ':2:1: exchange_ts must be whole ms since the epoch',
    ],
    [
      'local_ts not a number',
      L2_CSV_HEADER + '1,x,A-B,trade,buy,1,1\n',
      ':2:3: local_ts must be whole ms since the epoch',
    ],
    [
      'time going backwards',
      L2_CSV_HEADER + '1,5,A-B,trade,buy,1,1\n1,4,A-B,trade,buy,1,1\n',
      ':3:3: time going backwards: local_ts 4 after 5',
    ],
    [
      'a bad symbol',
      L2_CSV_HEADER + '1,2,BTCUSDT,trade,buy,1,1\n',
      ':2:5: symbol must look like BASE-QUOTE, got "BTCUSDT"',
    ],
    [
      'a bad kind',
      L2_CSV_HEADER + '1,2,A-B,level,buy,1,1\n',
      ':2:9: kind must be snapshot, update or trade, got "level"',
    ],
    [
      'a bad side',
      L2_CSV_HEADER + '1,2,A-B,trade,bid,1,1\n',
      ':2:15: side must be buy or sell, got "bid"',
    ],
    [
      'a zero price',
      L2_CSV_HEADER + '1,2,A-B,update,buy,0.0,1\n',
      ':2:20: price must be a positive decimal, got "0.0"',
    ],
    [
      'a negative size',
      L2_CSV_HEADER + '1,2,A-B,update,buy,1,-1\n',
      ':2:22: size must be a non-negative decimal, got "-1"',
    ],
    [
      'a zero trade',
      L2_CSV_HEADER + '1,2,A-B,trade,buy,1,0\n',
      ':2:21: size must be a positive decimal, got "0"',
    ],
    [
      'an exponent',
      L2_CSV_HEADER + '1,2,A-B,trade,buy,1,1e-3\n',
      ':2:21: size must be a positive decimal, got "1e-3"',
    ],
  ])('refuses %s with file:line:column', async (_, text, where) => {
    const path = file('bad.csv', text);
    expect(await failure(() => readL2(path))).toBe(`L2InputError: ${path}${where}`);
  });
});
