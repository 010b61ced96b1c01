import { describe, expect, it } from 'vitest';
import { importTardis, type ImportTardisOptions } from '../../adapters/flow/l2/index.js';
import { Collector, failure, readL2, workDirectory } from './l2-test-files.js';

const file = workDirectory();
const BOOK_HEADER = 'exchange,symbol,timestamp,local_timestamp,is_snapshot,side,price,amount';
const TRADE_HEADER = 'exchange,symbol,timestamp,local_timestamp,id,side,price,amount';
const book = (...rows: string[]) => file('book.csv', [BOOK_HEADER, ...rows].join('\n') + '\n');
const trades = (...rows: string[]) => file('trades.csv', [TRADE_HEADER, ...rows].join('\n') + '\n');

async function imported(options: Omit<ImportTardisOptions, 'symbol'>): Promise<string> {
  const out = new Collector();
  await importTardis({ symbol: 'BTC-USDT', ...options }, out);
  return out.bytes().toString();
}

const SNAPSHOT = [
  'binance,BTCUSDT,1700000000000100,1700000000001200,true,ask,101,2',
  'binance,BTCUSDT,1700000000000100,1700000000001200,true,bid,100.00,1.5',
];

describe('simex import tardis', () => {
  it('maps every documented column of both files', async () => {
    const text = await imported({
      bookFile: book(
        ...SNAPSHOT,
        'binance,BTCUSDT,1700000000004999,1700000000006999,false,bid,100.5,3e-3',
        'binance,BTCUSDT,1700000000007000,1700000000008000,false,ask,101,0',
      ),
      tradesFile: trades(
        'binance,BTCUSDT,1700000000004000,1700000000005000,77,sell,100,0.5',
        'binance,BTCUSDT,1700000000004100,1700000000005100,,unknown,100,0.5',
        'binance,BTCUSDT,1700000000007500,1700000000008000,79,buy,1.01E2,1',
      ),
    });
    expect(text).toBe(
      [
        'exchange_ts,local_ts,symbol,kind,side,price,size',
        '1700000000000,1700000000001,BTC-USDT,snapshot,sell,101,2',
        '1700000000000,1700000000001,BTC-USDT,snapshot,buy,100,1.5',
        '1700000000004,1700000000005,BTC-USDT,trade,sell,100,0.5',
        '1700000000004,1700000000006,BTC-USDT,update,buy,100.5,0.003',
        '1700000000007,1700000000008,BTC-USDT,update,sell,101,0',
        '1700000000007,1700000000008,BTC-USDT,trade,buy,101,1',
        '',
      ].join('\n'),
    );
  });

  it('counts what it imported and the trades of unknown side it skipped', async () => {
    const counts = await importTardis(
      {
        bookFile: book(...SNAPSHOT),
        tradesFile: trades(
          'binance,BTCUSDT,1700000000004000,1700000000005000,77,unknown,100,0.5',
          'binance,BTCUSDT,1700000000004000,1700000000005000,78,buy,100,0.5',
        ),
        symbol: 'BTC-USDT',
      },
      new Collector(),
    );
    expect(counts).toEqual({ bookRows: 2, trades: 1, unknownSideTrades: 1 });
  });

  it('finds columns by name in any order and ignores others', async () => {
    const path = file(
      'reordered.csv',
      'side,price,amount,extra,is_snapshot,local_timestamp,timestamp,symbol,exchange\n' +
        'bid,5,1,whatever,true,2000,1000,X,ex\n',
    );
    expect(await imported({ bookFile: path })).toBe(
      'exchange_ts,local_ts,symbol,kind,side,price,size\n1,2,BTC-USDT,snapshot,buy,5,1\n',
    );
  });

  it('a new snapshot run replaces the book it checks for crossing', async () => {
    const text = await imported({
      bookFile: book(
        ...SNAPSHOT,
        'binance,BTCUSDT,1700000000002000,1700000000003000,false,bid,100.5,1',
        'binance,BTCUSDT,1700000000005000,1700000000006000,true,bid,102,1',
        'binance,BTCUSDT,1700000000005000,1700000000006000,true,ask,103,1',
      ),
    });
    expect(text.split('\n').slice(4, 6)).toEqual([
      '1700000000005,1700000000006,BTC-USDT,snapshot,buy,102,1',
      '1700000000005,1700000000006,BTC-USDT,snapshot,sell,103,1',
    ]);
  });

  it('a book crossed inside a message but not at its end is accepted', async () => {
    const text = await imported({
      bookFile: book(
        ...SNAPSHOT,
        'binance,BTCUSDT,1,1700000000003000,false,bid,101.5,1',
        'binance,BTCUSDT,1,1700000000003000,false,ask,101,0',
        'binance,BTCUSDT,1,1700000000003000,false,ask,102,1',
      ),
    });
    expect(text.split('\n')).toHaveLength(7);
  });

  it('the same files give the same bytes, CSV and Arrow forms the same rows', async () => {
    const options = {
      bookFile: book(...SNAPSHOT, 'binance,BTCUSDT,1,1700000000003000,false,bid,100.5,2'),
      tradesFile: trades('binance,BTCUSDT,1,1700000000002000,9,buy,101,0.1'),
    };
    const csv = await imported(options);
    expect(await imported(options)).toBe(csv);
    const arrowOut = new Collector();
    await importTardis({ ...options, symbol: 'BTC-USDT', format: 'arrow' }, arrowOut);
    const again = new Collector();
    await importTardis({ ...options, symbol: 'BTC-USDT', format: 'arrow' }, again);
    expect(again.bytes().equals(arrowOut.bytes())).toBe(true);
    const fromArrow = await readL2(file('day.l2.arrow', arrowOut.bytes()));
    expect(fromArrow).toEqual(await readL2(file('day.l2.csv', csv)));
    expect(fromArrow).toHaveLength(4);
  });

  const BOOK = ':'; // the error names the book file
  it.each([
    [
      'a missing column',
      [BOOK_HEADER.replace(',amount', '')],
      '1:1: the header has no column amount',
    ],
    ['a short record', ['binance,BTCUSDT,1,2,true,bid,1'], '2:1: expected 8 cells, found 7'],
    [
      'another exchange',
      [SNAPSHOT[0]!, 'kraken,BTCUSDT,1,1700000000001200,true,bid,1,1'],
      '3:1: exchange "kraken" differs from "binance" of the first row',
    ],
    [
      'another symbol',
      [SNAPSHOT[0]!, 'binance,ETHUSDT,1,1700000000001200,true,bid,1,1'],
      '3:9: symbol "ETHUSDT" differs from "BTCUSDT" of the first row',
    ],
    [
      'a bad timestamp',
      ['binance,BTCUSDT,1.5,2,true,bid,1,1'],
      '2:17: timestamp must be whole microseconds since the epoch, got "1.5"',
    ],
    [
      'a bad local_timestamp',
      ['binance,BTCUSDT,1,,true,bid,1,1'],
      '2:19: local_timestamp must be whole microseconds since the epoch, got ""',
    ],
    [
      'time going backwards',
      ['binance,BTCUSDT,1,5,true,bid,1,1', 'binance,BTCUSDT,1,4,false,bid,1,1'],
      '3:19: time going backwards: local_timestamp 4 after 5',
    ],
    [
      'a bad is_snapshot',
      ['binance,BTCUSDT,1,2,yes,bid,1,1'],
      '2:21: is_snapshot must be true or false, got "yes"',
    ],
    [
      'a bad side',
      ['binance,BTCUSDT,1,2,true,buy,1,1'],
      '2:26: side must be bid or ask, got "buy"',
    ],
    [
      'a zero price',
      ['binance,BTCUSDT,1,2,true,bid,0,1'],
      '2:30: price must be a positive decimal, got "0"',
    ],
    [
      'a bad amount',
      ['binance,BTCUSDT,1,2,true,bid,1,-1'],
      '2:32: amount must be a non-negative decimal, got "-1"',
    ],
    [
      'a crossed book',
      [
        ...SNAPSHOT,
        'binance,BTCUSDT,1,1700000000003000,false,bid,101,1',
        'binance,BTCUSDT,1,1700000000004000,false,bid,99,1',
      ],
      '4:1: crossed book: best bid 101 >= best ask 101 after this line',
    ],
    [
      'a crossed book at the end',
      [...SNAPSHOT, 'binance,BTCUSDT,1,1700000000003000,false,ask,99,1'],
      '4:1: crossed book: best bid 100 >= best ask 99 after this line',
    ],
  ])('refuses %s in the book file', async (_, lines, where) => {
    const path =
      lines[0] === BOOK_HEADER.replace(',amount', '')
        ? file('b.csv', lines.join('\n'))
        : book(...lines);
    expect(await failure(() => imported({ bookFile: path }))).toBe(
      `L2InputError: ${path}${BOOK}${where}`,
    );
  });

  it.each([
    [
      'a bad side',
      'binance,BTCUSDT,1,2,7,bid,1,1',
      '2:23: side must be buy, sell or unknown, got "bid"',
    ],
    [
      'a zero amount',
      'binance,BTCUSDT,1,2,7,buy,1,0',
      '2:29: amount must be a positive decimal, got "0"',
    ],
    [
      "a symbol other than the book file's",
      'binance,ETHUSDT,1,2,7,buy,1,1',
      '2:9: symbol "ETHUSDT" differs from "BTCUSDT" of the first row',
    ],
    [
      "an exchange other than the book file's",
      'kraken,BTCUSDT,1,2,7,buy,1,1',
      '2:1: exchange "kraken" differs from "binance" of the first row',
    ],
    ['a short record', 'binance,BTCUSDT,1,2,7,buy,1', '2:1: expected 8 cells, found 7'],
    [
      'a bad timestamp',
      'binance,BTCUSDT,x,2,7,buy,1,1',
      '2:17: timestamp must be whole microseconds since the epoch, got "x"',
    ],
    [
      'a zero price',
      'binance,BTCUSDT,1,2,7,buy,0,1',
      '2:27: price must be a positive decimal, got "0"',
    ],
  ])('refuses %s in the trades file', async (_, line, where) => {
    const path = trades(line);
    const bookFile = book('binance,BTCUSDT,1,1,true,bid,1,1');
    expect(await failure(() => imported({ bookFile, tradesFile: path }))).toBe(
      `L2InputError: ${path}:${where}`,
    );
  });

  it('refuses a trades file whose header lacks a column', async () => {
    const path = file('trades.csv', `${TRADE_HEADER.replace(',id', '')}\n`);
    const bookFile = book('binance,BTCUSDT,1,1,true,bid,1,1');
    expect(await failure(() => imported({ bookFile, tradesFile: path }))).toBe(
      `L2InputError: ${path}:1:1: the header has no column id`,
    );
  });

  it('refuses time going backwards in the trades file', async () => {
    const path = trades('binance,BTCUSDT,1,9,7,buy,1,1', 'binance,BTCUSDT,1,8,8,buy,1,1');
    expect(await failure(() => imported({ bookFile: book(...SNAPSHOT), tradesFile: path }))).toBe(
      `L2InputError: ${path}:3:19: time going backwards: local_timestamp 8 after 9`,
    );
  });

  it('refuses a symbol not BASE-QUOTE before reading', async () => {
    expect(
      await failure(() =>
        importTardis({ bookFile: 'missing.csv', symbol: 'BTCUSDT' }, new Collector()),
      ),
    ).toBe('ImportOptionError: --symbol must look like BASE-QUOTE (e.g. BTC-USDT), got "BTCUSDT"');
  });
});
