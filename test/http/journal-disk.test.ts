import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openJournalFile, type JournalFile } from '../../adapters/server/http/journal-file.js';
import { JournalWriter } from '../../adapters/server/http/journal-writer.js';
import { startServer, type RunningServer } from '../../adapters/server/http/server.js';
import { mustOpen } from './sse-client.js';
import { ALICE_KEY, call, errorOf, ManualClock } from './test-server.js';

const directory = await mkdtemp(join(tmpdir(), 'simex-journal-disk-'));
afterAll(() => rm(directory, { recursive: true, force: true }));

function diskError(code: 'ENOSPC' | 'EIO'): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated, write`), { code });
}

/** Real journal files whose writes (half the bytes, then an error) or syncs fail while `failing` is set. */
class FaultyDisk {
  failing: { readonly on: 'write' | 'sync'; readonly error: NodeJS.ErrnoException } | null = null;
  failures = 0;

  readonly open = async (path: string): Promise<JournalFile> => {
    const file = await openJournalFile(path);
    return {
      write: async (data, position) => {
        if (this.failing?.on !== 'write') return file.write(data, position);
        await file.write(data.subarray(0, data.length >> 1), position);
        this.failures++;
        throw this.failing.error;
      },
      sync: async () => {
        if (this.failing?.on !== 'sync') return file.sync();
        this.failures++;
        throw this.failing.error;
      },
      close: () => file.close(),
    };
  };
}

/** A log whose lines can be waited for. */
class Log {
  readonly lines: string[] = [];
  #waiting: { readonly text: string; readonly resolve: () => void }[] = [];

  readonly write = (line: string): void => {
    this.lines.push(line);
    for (const waiter of this.#waiting.filter((w) => line.includes(w.text))) waiter.resolve();
  };

  waitFor(text: string): Promise<void> {
    if (this.lines.some((line) => line.includes(text))) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push({ text, resolve }));
  }
}

const ORDER = { symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '1000.00', size: '0.1' };

async function start(journal: string, disk: FaultyDisk, log: Log): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    grants: [{ key: ALICE_KEY, account: 'alice' }],
    rateLimit: 0,
    clock: new ManualClock().read,
    journal,
    openJournalFile: disk.open,
    log: log.write,
  });
}

describe('a full or failing disk under the journal', () => {
  it('writes get 503 journal_unavailable, reads go on, and writes resume once the disk does', async () => {
    const journal = join(directory, 'full.csv');
    const disk = new FaultyDisk();
    const log = new Log();
    const server = await start(journal, disk, log);
    const post = () => call(server.url, 'POST', '/v1/orders', { body: ORDER });
    const ownOrders = async () =>
      (await call(server.url, 'GET', '/v1/orders')).json.map((o: { id: string }) => o.id);
    try {
      expect((await post()).json.id).toBe('ord_161');

      disk.failing = { on: 'write', error: diskError('ENOSPC') };
      const unwritten = await post();
      expect([unwritten.status, unwritten.headers.get('retry-after')]).toEqual([503, '1']);
      expect(unwritten.json).toEqual(errorOf('journal_unavailable'));
      expect(log.lines).toEqual([
        `journal ${journal}: cannot be written (ENOSPC: simulated, write); writes answer 503 journal_unavailable until it can`,
      ]);
      // The order was placed in memory before its row failed: it is kept and written later.
      expect(await ownOrders()).toEqual(['ord_162', 'ord_161']);
      const refused = await post();
      expect([refused.status, refused.json]).toEqual([503, errorOf('journal_unavailable')]);
      expect((await call(server.url, 'DELETE', '/v1/orders/ord_161')).status).toBe(503);
      expect(await ownOrders()).toEqual(['ord_162', 'ord_161']);
      const ticker = await call(server.url, 'GET', '/v1/market/ticker?symbol=BTC-USD');
      expect(ticker.status).toBe(200);
      expect((await call(server.url, 'GET', '/v1/orders', { key: null })).status).toBe(401);

      disk.failing = { on: 'sync', error: diskError('EIO') };
      expect((await post()).status).toBe(503);
      disk.failing = null;
      await log.waitFor('writable again');
      const resumed = await post();
      expect([resumed.status, resumed.json.id]).toEqual([201, 'ord_163']);
      expect(disk.failures).toBeGreaterThanOrEqual(2);
    } finally {
      await server.close();
    }
    const rows = (await readFile(journal, 'utf8')).trimEnd().split('\n').slice(-3);
    expect(rows.map((row) => row.split(',')[2])).toEqual(['ord_161', 'ord_162', 'ord_163']);

    const restarted = await start(journal, new FaultyDisk(), new Log());
    try {
      const ids = (await call(restarted.url, 'GET', '/v1/orders')).json.map(
        (o: { id: string }) => o.id,
      );
      expect(ids).toEqual(['ord_163', 'ord_162', 'ord_161']);
    } finally {
      await restarted.close();
    }
  });

  it('a restart with the disk still full starts, serves reads, and refuses writes with 503', async () => {
    const journal = join(directory, 'still-full.csv');
    await (await start(journal, new FaultyDisk(), new Log())).close();
    const disk = new FaultyDisk();
    disk.failing = { on: 'write', error: diskError('ENOSPC') };
    const server = await start(journal, disk, new Log());
    try {
      const book = await call(server.url, 'GET', '/v1/market/orderbook?symbol=BTC-USD');
      expect(book.status).toBe(200);
      const first = await call(server.url, 'POST', '/v1/orders', { body: ORDER });
      expect(first.status).toBe(503);
    } finally {
      await expect(server.close()).rejects.toThrow('1 rows could not be written');
    }
  });

  it('a stream never shows an order whose row is not on disk: held while the disk fails, dropped if the row is lost', async () => {
    const journal = join(directory, 'stream-lost.csv');
    const disk = new FaultyDisk();
    const server = await start(journal, disk, new Log());
    const path = '/v1/stream?symbols=BTC-USD&channels=orders,book,trades';
    const stream = await mustOpen(server.url, path);
    try {
      await stream.next((event) => event.event === 'snapshot');
      disk.failing = { on: 'write', error: diskError('ENOSPC') };
      const unwritten = await call(server.url, 'POST', '/v1/orders', { body: ORDER });
      expect(unwritten.status).toBe(503);
    } finally {
      // The disk never comes back: stopping loses the row, and the stream ends without the order.
      await expect(server.close()).rejects.toThrow('1 rows could not be written');
    }
    await stream.end();
    expect(stream.events.map((event) => event.event)).toEqual(['snapshot']);

    const restarted = await start(journal, new FaultyDisk(), new Log());
    try {
      expect((await call(restarted.url, 'GET', '/v1/orders')).json).toEqual([]);
    } finally {
      await restarted.close();
    }
  });

  it('events held while the disk fails reach the stream once their rows are written', async () => {
    const journal = join(directory, 'stream-held.csv');
    const disk = new FaultyDisk();
    const log = new Log();
    const server = await start(journal, disk, log);
    const stream = await mustOpen(server.url, '/v1/stream?symbols=BTC-USD&channels=orders');
    try {
      await stream.next((event) => event.event === 'snapshot');
      disk.failing = { on: 'sync', error: diskError('EIO') };
      expect((await call(server.url, 'POST', '/v1/orders', { body: ORDER })).status).toBe(503);
      disk.failing = null;
      // A write asks the journal to try again; it still answers 503, as the disk was failing.
      expect((await call(server.url, 'POST', '/v1/orders', { body: ORDER })).status).toBe(503);
      await log.waitFor('writable again');
      const held = await stream.next((event) => event.event === 'order');
      expect([held.data.order.id, held.data.order.status]).toEqual(['ord_161', 'open']);
    } finally {
      stream.close();
      await server.close();
    }
  });

  it('a new journal that cannot be written stops the start with one line', async () => {
    const journal = join(directory, 'new-on-full.csv');
    const disk = new FaultyDisk();
    disk.failing = { on: 'write', error: diskError('ENOSPC') };
    await expect(start(journal, disk, new Log())).rejects.toThrow(
      `journal ${journal}: cannot be written: ENOSPC: simulated, write`,
    );
    expect(await readFile(journal, 'utf8')).toBe('');
  });

  it.skipIf(!existsSync('/dev/full'))(
    'simex serve --journal /dev/full exits with one clear line on stderr',
    async () => {
      const root = fileURLToPath(new URL('../..', import.meta.url));
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'adapters/cli/main.ts',
          'serve',
          '--port',
          '0',
          '--journal',
          '/dev/full',
        ],
        { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(stderr).toBe(
        'simex serve: journal /dev/full: cannot be written: ENOSPC: no space left on device, write\n',
      );
      expect(code).not.toBe(0);
    },
  );
});

describe('JournalWriter', () => {
  it('rewrites a half-written batch at the same offset, on acceptsWrites() or its own timer', async () => {
    const path = join(directory, 'writer.csv');
    const disk = new FaultyDisk();
    const log = new Log();
    const writer = await JournalWriter.open(path, {
      size: 0,
      openFile: disk.open,
      log: log.write,
      retryMs: 3_600_000,
    });
    writer.append('a,1\n');
    await writer.durable();
    disk.failing = { on: 'write', error: diskError('ENOSPC') };
    writer.append('b,2\n');
    writer.append('c,3\n');
    await expect(writer.durable()).rejects.toThrow('ENOSPC: simulated, write');
    expect(await readFile(path, 'utf8')).toBe('a,1\nb,2\n'); // half of the batch
    await expect(writer.durable()).rejects.toThrow('ENOSPC');
    expect(writer.acceptsWrites()).toBe(false);
    disk.failing = null;
    expect(writer.acceptsWrites()).toBe(false);
    await log.waitFor('writable again');
    expect(writer.acceptsWrites()).toBe(true);
    expect(writer.durable()).toBeUndefined();
    await writer.close();
    expect(await readFile(path, 'utf8')).toBe('a,1\nb,2\nc,3\n');

    const timedLog = new Log();
    const timed = await JournalWriter.open(path, {
      size: 12,
      openFile: disk.open,
      log: timedLog.write,
      retryMs: 1,
    });
    disk.failing = { on: 'sync', error: diskError('EIO') };
    timed.append('d,4\n');
    await expect(timed.durable()).rejects.toThrow('EIO');
    disk.failing = null;
    await timedLog.waitFor('writable again');
    await timed.close();
    expect(await readFile(path, 'utf8')).toBe('a,1\nb,2\nc,3\nd,4\n');
  });
});

describe('JournalWriter.written()', () => {
  it('waits through a failure until the rows are on disk, and rejects only when close() loses them', async () => {
    const path = join(directory, 'written.csv');
    const disk = new FaultyDisk();
    const log = new Log();
    const options = { size: 0, openFile: disk.open, log: log.write, retryMs: 3_600_000 };
    const writer = await JournalWriter.open(path, options);
    expect(writer.written()).toBeUndefined();
    disk.failing = { on: 'sync', error: diskError('EIO') };
    writer.append('a,1\n');
    const settled: string[] = [];
    const written = writer.written()!.then(() => settled.push('written'));
    await expect(writer.durable()).rejects.toThrow('EIO');
    disk.failing = null;
    expect(writer.acceptsWrites()).toBe(false); // starts the retry
    await written;
    expect(settled).toEqual(['written']);
    await writer.close();

    const lost = await JournalWriter.open(path, { ...options, size: 4 });
    disk.failing = { on: 'write', error: diskError('ENOSPC') };
    lost.append('b,2\n');
    const held = expect(lost.written()).rejects.toThrow('1 rows could not be written');
    await expect(lost.durable()).rejects.toThrow('ENOSPC');
    await expect(lost.close()).rejects.toThrow('1 rows could not be written');
    await held;
  });
});

describe('a journal path that cannot be read', () => {
  it('a directory stops the start with one line naming it', async () => {
    await expect(start(directory, new FaultyDisk(), new Log())).rejects.toThrow(
      `journal ${directory}: cannot be read: EISDIR: illegal operation on a directory, read`,
    );
  });
});
