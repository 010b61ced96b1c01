import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLobsterMessages, readLobsterOrderbook } from '../../adapters/flow/lobster/index.js';
import { fileLines, MAX_LINE_CHARS } from '../../adapters/flow/lobster/file-lines.js';
import { integerCells } from '../../adapters/flow/lobster/lobster-values.js';

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const orderbook = (text: string) => all(readLobsterOrderbook(Readable.from([text]), 'o.csv'));

describe('reading LOBSTER files', () => {
  it('splits lines across chunks, with \\r\\n endings, empty lines and no final newline', async () => {
    const chunks = ['34200,1,1,', '10,5853300,1\r\n\n3420', '1,3,1,10,5853300,1'].map((text) =>
      Buffer.from(text),
    );
    expect(await all(fileLines(Readable.from(chunks), 'm.csv'))).toEqual([
      { line: 1, text: '34200,1,1,10,5853300,1' },
      { line: 2, text: '' },
      { line: 3, text: '34201,3,1,10,5853300,1' },
    ]);
  });

  it('refuses a line longer than the limit, naming it', async () => {
    const chunk = 'x'.repeat(1 << 16);
    const input = Readable.from([
      '1\n',
      ...Array.from({ length: MAX_LINE_CHARS / chunk.length + 1 }, () => chunk),
    ]);
    await expect(all(fileLines(input, 'm.csv'))).rejects.toThrow(
      `m.csv:2:1: line longer than ${MAX_LINE_CHARS} characters`,
    );
  });

  it('scans a line of integers as parseInteger reads them, or refuses it whole', () => {
    expect(integerCells('5853300,18,-9999999999,0,999999999999999')).toEqual([
      5853300, 18, -9999999999, 0, 999999999999999,
    ]);
    for (const bad of ['', '01', '1,,2', '1,2,', '"1"', '1 ', '+1', '-', '1000000000000000'])
      expect([bad, integerCells(bad)]).toEqual([bad, null]);
  });

  it('reads orderbook rows, dropping empty levels', async () => {
    expect(await orderbook('5853400,100,5853300,18,9999999999,0,5853200,5\n')).toEqual([
      {
        line: 1,
        depth: 2,
        asks: [{ price: 5853400, size: 100 }],
        bids: [
          { price: 5853300, size: 18 },
          { price: 5853200, size: 5 },
        ],
      },
    ]);
  });

  it('refuses a malformed orderbook row with file:line:column', async () => {
    const row = '5853400,100,5853300,18';
    const cases: [string, string][] = [
      [
        `${row}\n5853400,1x,5853300,18\n`,
        'o.csv:2:9: size must be a non-negative integer, got "1x"',
      ],
      [
        `${row}\n"5853400",100,5853300,18\n`,
        'o.csv:2:1: price must be an integer, got ""5853400""',
      ],
      [`${row}\n\n`, 'o.csv:2:2: expected 4 cells, found 1'],
      [`${row},1\n`, 'o.csv:1:26: expected 4 cells per level, found 5 cells'],
      ['5853400,-1,5853300,18\n', 'o.csv:1:9: size must be a non-negative integer, got "-1"'],
      [
        '5853450,100,5853300,18\n',
        'o.csv:1:1: price 5853450 is not a positive multiple of 0.01 (100 units)',
      ],
      ['5853400,0,5853300,18\n', 'o.csv:1:1: an empty level must show price 9999999999'],
      [`${row},5853300,10,5853400,10\n`, 'o.csv:1:24: levels out of order'],
    ];
    for (const [text, error] of cases) await expect(orderbook(text)).rejects.toThrow(error);
  });

  it('keeps a message time to the nanosecond', async () => {
    const [message] = await all(
      readLobsterMessages(
        Readable.from(['43002.632812672004,3,134172772,100,2238700,-1\n']),
        'm.csv',
      ),
    );
    expect(message).toMatchObject({ line: 1, timeNs: 43_002_632_812_672, type: 3, size: 100 });
  });

  it('quotes at most 64 characters of a bad value (then …), as the HTTP errors do', async () => {
    const long = '9'.repeat(400);
    const quoted = `"${'9'.repeat(64)}…"`;
    const messages = (text: string) => all(readLobsterMessages(Readable.from([text]), 'm.csv'));
    await expect(messages(`34200,1,${long},10,5853300,1\n`)).rejects.toMatchObject({
      message: `m.csv:1:9: order id must be a non-negative integer, got ${quoted}`,
    });
    await expect(messages(`${long},1,1,10,5853300,1\n`)).rejects.toMatchObject({
      message: `m.csv:1:1: time must be seconds after midnight, got ${quoted}`,
    });
    await expect(orderbook(`5853400,100,${long},18\n`)).rejects.toMatchObject({
      message: `o.csv:1:13: price must be an integer, got ${quoted}`,
    });
  });

  it('skips a byte-order mark at the start of a file, in any chunks', async () => {
    const bytes = Buffer.from('\uFEFF34200,1,1,10,5853300,1\n');
    for (const split of [1, 2, 3, 4]) {
      const chunks = [bytes.subarray(0, split), bytes.subarray(split)];
      expect(await all(fileLines(Readable.from(chunks), 'm.csv'))).toEqual([
        { line: 1, text: '34200,1,1,10,5853300,1' },
      ]);
    }
  });
});
