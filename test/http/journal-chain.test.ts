import { invariantObserver } from '../../adapters/runs/check/invariant-observer.js';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checksum, chainStart } from '../../adapters/server/http/journal-chain.js';
import { startServer, type RunningServer } from '../../adapters/server/http/server.js';
import { Readable } from 'node:stream';
import { openScenario, openScenarioFile } from '../../adapters/flow/csv/index.js';
import { replayFile } from '../../adapters/runs/replay/replay-file.js';
import { ALICE_KEY, call, ManualClock } from './test-server.js';

const directory = await mkdtemp(join(tmpdir(), 'simex-journal-chain-'));
afterAll(() => rm(directory, { recursive: true, force: true }));
const clock = new ManualClock();

function start(journal: string, log: string[] = []): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    grants: [{ key: ALICE_KEY, account: 'alice' }],
    rateLimit: 0,
    clock: clock.read,
    journal,
    log: (line) => log.push(line),
  });
}

/** Lines 1-2 directives, 3 the header, 4-163 the demo liquidity, then Alice's rows. */
const ROWS = {
  resting: 164, // new ord_161, limit 29000.00 x 0.3
  market: 165, // new ord_162
  cancel: 166, // cancel ord_161
  last: 167, // new ord_163
};
let lines: string[] = [];
const original = join(directory, 'original.csv');

beforeAll(async () => {
  const server = await start(original);
  const post = (body: Record<string, unknown>) => call(server.url, 'POST', '/v1/orders', { body });
  clock.now += 1_000;
  await post({ symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '29000.00', size: '0.3' });
  await post({ symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.5' });
  await call(server.url, 'DELETE', '/v1/orders/ord_161');
  await post({ symbol: 'ETH-USD', side: 'sell', type: 'market', size: '1' });
  await server.close();
  lines = (await readFile(original, 'utf8')).split('\n');
});

/** Starts on a copy of the journal with `edit` applied; resolves to the start's error message. */
async function startEdited(name: string, edit: (copy: string[]) => void): Promise<string> {
  const copy = [...lines];
  edit(copy);
  const path = join(directory, `${name}.csv`);
  await writeFile(path, copy.join('\n'));
  const error = await start(path).then(
    async (server) => {
      await server.close();
      return 'started';
    },
    (failure: Error) => failure.message.replaceAll(path, 'J'),
  );
  expect(await readFile(path, 'utf8')).toBe(copy.join('\n'));
  return error;
}

const at = (line: number) => line - 1;

/** Recomputes every row's checksum, as someone editing the file on purpose could. */
function reseal(copy: string[]): void {
  let last = chainStart(copy.slice(0, 3).join('\n') + '\n');
  for (let index = 3; index < copy.length - 1; index++) {
    last = checksum(last, copy[index]!.slice(0, -16));
    copy[index] = copy[index]!.slice(0, -16) + last;
  }
}
const MISMATCH = 'checksum mismatch: this row, or the order of the rows up to it, was changed';

describe('the journal checksum chain', () => {
  it('every row ends with the checksum chained from the row before it', () => {
    expect(lines[2]).toBe(
      'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only,client_order_id,stop_price,stp,expire_at,journal',
    );
    let last = chainStart(lines.slice(0, 3).join('\n') + '\n');
    for (const line of lines.slice(3, -1)) {
      const text = line.slice(0, -16);
      expect(text.endsWith(',')).toBe(true);
      last = checksum(last, text);
      expect(line.slice(-16)).toBe(last);
    }
    expect(lines.at(-1)).toBe('');
    expect(lines[at(ROWS.cancel)]).toMatch(
      /^2026-01-05T09:30:01\.000Z,cancel,ord_161,alice,BTC-USD,,,,,,,,,,,[0-9a-f]{16}$/,
    );
  });

  it('an unedited journal starts again', async () => {
    expect(await startEdited('unedited', () => {})).toBe('started');
  });

  it.each([
    ['a size', ROWS.resting, (line: string) => line.replace(',0.30000000,', ',0.20000000,')],
    ['a price', ROWS.resting, (line: string) => line.replace(',29000.00,', ',28000.00,')],
    ['a demo row', 10, (line: string) => line.replace(',market-maker,', ',alice,')],
    ['a timestamp', ROWS.market, (line: string) => line.replace('09:30:01.000Z', '09:30:01.001Z')],
  ])('%s changed is refused at its line', async (what, line, change) => {
    const message = await startEdited(`changed-${line}-${what.length}`, (copy) => {
      const changed = change(copy[at(line)]!);
      expect(changed).not.toBe(copy[at(line)]);
      copy[at(line)] = changed;
    });
    expect(message).toBe(`J:${line}: ${MISMATCH}`);
  });

  it('a deleted cancel row is refused at the line that now stands in its place', async () => {
    const message = await startEdited('deleted', (copy) => copy.splice(at(ROWS.cancel), 1));
    expect(message).toBe(`J:${ROWS.cancel}: ${MISMATCH}`);
  });

  it('two swapped rows are refused at the first of them', async () => {
    const message = await startEdited('swapped', (copy) => {
      const [market] = copy.splice(at(ROWS.market), 1);
      copy.splice(at(ROWS.resting), 0, market!);
    });
    expect(message).toBe(`J:${ROWS.resting}: ${MISMATCH}`);
  });

  it('a repeated row, a row without its checksum and an edited directive are refused', async () => {
    const repeated = await startEdited('repeated', (copy) =>
      copy.splice(at(ROWS.market), 0, copy[at(ROWS.resting)]!),
    );
    expect(repeated).toBe(`J:${ROWS.market}: ${MISMATCH}`);
    const bare = await startEdited('bare', (copy) => {
      copy[at(ROWS.last)] = copy[at(ROWS.last)]!.slice(0, -17);
    });
    expect(bare).toBe(`J:${ROWS.last}: the row has no checksum`);
    const directive = await startEdited('directive', (copy) => {
      copy[0] = copy[0]!.replace('tick_size=0.01', 'tick_size=0.10');
    });
    expect(directive).toBe(`J:4: ${MISMATCH}`);
  });

  it('a header without the journal column is refused at the header', async () => {
    const message = await startEdited('old-header', (copy) => {
      copy[2] = copy[2]!.replace(',journal', '');
    });
    expect(message).toBe(
      'J:3: the header has no journal column (not a journal of this simex version)',
    );
  });

  it('a row that keeps its chain but that the venue refuses is named too', async () => {
    const message = await startEdited('resealed', (copy) => {
      copy[at(ROWS.cancel)] = copy[at(ROWS.cancel)]!.replace('ord_161', 'ord_999');
      reseal(copy);
    });
    expect(message).toBe(`J:${ROWS.cancel}: refused on replay: no order ord_999 for this account`);
    const tagged = await startEdited('bad-tag', (copy) => {
      copy[at(ROWS.last)] = copy[at(ROWS.last)]!.replace(/,([0-9a-f]{16})$/, ',%E0 abc $1');
      reseal(copy);
    });
    expect(tagged).toBe(`J:${ROWS.last}: the journal cell is malformed`);
  });

  it('a new row naming a resting order, or a cancel of a final one, is refused as the venue answers', async () => {
    const reused = await startEdited('reused-id', (copy) => {
      copy[at(ROWS.resting)] = copy[at(ROWS.resting)]!.replace('ord_161', 'ord_1');
      reseal(copy);
    });
    expect(reused).toBe(`J:${ROWS.resting}: replay gave ord_161 for ord_1`);
    const final = await startEdited('cancel-final', (copy) => {
      copy[at(ROWS.cancel)] = copy[at(ROWS.cancel)]!.replace('ord_161', 'ord_162');
      reseal(copy);
    });
    expect(final).toBe(`J:${ROWS.cancel}: refused on replay: order ord_162 is filled`);
  });

  it('an existing empty file is started like a new one, without a torn-line report', async () => {
    const empty = join(directory, 'empty.csv');
    await writeFile(empty, '');
    const log: string[] = [];
    const server = await start(empty, log);
    await server.close();
    expect(log).toEqual([]);
    const started = (await readFile(empty, 'utf8')).split('\n');
    expect([started.slice(0, 3), started.length]).toEqual([lines.slice(0, 3), 3 + 160 + 1]);
  });

  it('the scenario reader and simex replay accept a journal and ignore its checksums', async () => {
    const scenario = await openScenarioFile(original);
    expect(scenario.layout).toEqual({ clientOrderId: true, orderFeatures: true, journal: true });
    const rows = [];
    for await (const row of scenario.rows) rows.push(row);
    expect(rows).toHaveLength(164);
    expect(rows[at(ROWS.cancel) - 3]).toEqual({
      line: ROWS.cancel,
      ts: clock.now,
      id: 'ord_161',
      account: 'alice',
      symbol: 'BTC-USD',
      action: 'cancel',
    });
    let stderr = '';
    const code = await replayFile({
      file: original,
      out: null,
      observe: (venue) => invariantObserver(venue),
      strict: true,
      stdout: { write: () => true },
      stderr: { write: (chunk: string) => (stderr += chunk) },
    });
    expect([code, stderr]).toEqual([0, '']);
  });
});

describe('the scenario reader and the journal column', () => {
  const HEADER = 'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only';
  const open = (text: string) => openScenario(Readable.from([text]), 'F');
  const rowsOf = async (text: string) => {
    const rows = [];
    for await (const row of (await open(text)).rows) rows.push(row);
    return rows;
  };

  it('reads a last journal column after client_order_id and ignores its cells', async () => {
    const rows = await rowsOf(
      `${HEADER},client_order_id,journal\n` +
        '1000,new,o1,a,BTC-USD,buy,limit,1.00,1,gtc,false,c1,k f 0123456789abcdef\n' +
        '2000,cancel,o1,a,BTC-USD,,,,,,,,0123456789abcdef\n',
    );
    expect(rows.map((row) => [row.action, row.line])).toEqual([
      ['new', 2],
      ['cancel', 3],
    ]);
    expect(rows[0]).toMatchObject({ clientOrderId: 'c1' });
  });

  it('refuses any other 13th column, a journal column without client_order_id, and a 14th', async () => {
    const reason = `header must be ${HEADER}[,client_order_id][,stop_price,stp,expire_at][,quote_size]`;
    await expect(open(`${HEADER},client_order_id,checksum\n`)).rejects.toThrow(`F:1:90: ${reason}`);
    await expect(open(`${HEADER},journal\n`)).rejects.toThrow(`F:1:74: ${reason}`);
    await expect(open(`${HEADER},client_order_id,journal,x\n`)).rejects.toThrow(
      `F:1:98: ${reason}`,
    );
  });

  it('a row of a journal still needs all 13 cells', async () => {
    await expect(
      rowsOf(`${HEADER},client_order_id,journal\n2000,cancel,o1,a,BTC-USD,,,,,,,\n`),
    ).rejects.toThrow('F:2:');
  });
});
