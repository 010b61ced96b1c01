import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveServeConfig, startupLines } from '../../adapters/http/serve-config.js';
import { useChildServers } from './child-server.js';
import { expectDocumentedReply } from './raw-socket.js';
import { ALICE_KEY } from './test-server.js';

const spawnServer = useChildServers();
const directory = await mkdtemp(join(tmpdir(), 'simex-serve-'));
afterAll(() => rm(directory, { recursive: true, force: true }));
const hasCurl = await promisify(execFile)('curl', ['--version']).then(
  () => true,
  () => false,
);

describe('serve configuration', () => {
  it('defaults: 127.0.0.1:8080, rate limit 100, one generated key for account-1', () => {
    const config = resolveServeConfig({}, {});
    if ('error' in config) throw new Error(config.error);
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', rateLimit: 100 });
    expect(config.generatedKey).toMatch(/^sk_[A-Za-z0-9_-]{32}$/);
    expect(config.grants).toEqual([{ key: config.generatedKey, account: 'account-1' }]);
  });

  it('the environment, then flags over it; KEY without ACCOUNT is account-<n>', () => {
    const env = { SIMEX_PORT: '9001', SIMEX_HOST: '0.0.0.0', SIMEX_API_KEYS: 'k1:alice, k2' };
    expect(resolveServeConfig({ rateLimit: '0' }, env)).toEqual({
      port: 9001,
      host: '0.0.0.0',
      rateLimit: 0,
      grants: [
        { key: 'k1', account: 'alice' },
        { key: 'k2', account: 'account-2' },
      ],
    });
    const flags = {
      port: '0',
      host: '127.0.0.2',
      apiKey: ['k3'],
      rateLimit: '5',
      journal: 'j.csv',
    };
    expect(resolveServeConfig(flags, env)).toEqual({
      port: 0,
      host: '127.0.0.2',
      rateLimit: 5,
      journal: 'j.csv',
      grants: [{ key: 'k3', account: 'account-1' }],
    });
  });

  it('bad settings are messages', () => {
    expect(resolveServeConfig({ port: '70000' }, {})).toEqual({
      error: 'port must be an integer from 0 to 65535, not "70000"',
    });
    for (const port of ['', '-1', '1.5', '0x50', ' 80']) {
      expect(resolveServeConfig({ port }, {})).toEqual({
        error: `port must be an integer from 0 to 65535, not ${JSON.stringify(port)}`,
      });
    }
    expect(resolveServeConfig({ rateLimit: '-1' }, {})).toHaveProperty('error');
    expect(resolveServeConfig({ apiKey: ['a:b', 'a:c'] }, {})).toEqual({
      error: 'API key #2 is given twice',
    });
    expect(resolveServeConfig({ apiKey: ['bad key'] }, {})).toHaveProperty('error');
    expect(resolveServeConfig({ apiKey: ['k:bad account'] }, {})).toHaveProperty('error');
  });

  it('start-up lines with configured keys do not print them', () => {
    const lines = startupLines('http://127.0.0.1:1', {
      port: 1,
      host: '127.0.0.1',
      rateLimit: 1,
      grants: [{ key: 'secret', account: 'a' }],
    });
    expect(lines[0]).toBe('simex listening on http://127.0.0.1:1');
    expect(lines.join('\n')).not.toContain('secret');
  });
});

describe('simex serve as a process', () => {
  it.skipIf(!hasCurl)(
    'prints its URL, the generated key and a curl that works as printed',
    async () => {
      const server = await spawnServer(['--port', '0']);
      await server.line('stdout', /^try: /);
      expect(server.stdout).toHaveLength(3);
      const key = /^API key \(generated for this run, account account-1\): (sk_\S+)$/.exec(
        server.stdout[1]!,
      )?.[1];
      expect(key).toBeDefined();
      const curl = server.stdout[2]!.replace(/^try: /, '');
      expect(curl).toContain(`'X-API-Key: ${key}'`);
      const { stdout } = await promisify(execFile)('sh', ['-c', curl]);
      expect(JSON.parse(stdout)).toMatchObject({
        status: 'filled',
        size: '0.01000000',
        filled_size: '0.01000000',
      });
      server.process.kill('SIGINT');
      expect(await server.exited).toBe(0);
    },
  );

  it('SIGTERM lets a request in flight finish, journals it, and exits 0', async () => {
    const journal = join(directory, 'journal.csv');
    const server = await spawnServer([
      '--port',
      '0',
      '--api-key',
      `${ALICE_KEY}:alice`,
      '--journal',
      journal,
    ]);
    const { hostname, port } = new URL(server.url);
    const body =
      '{"symbol":"ETH-USD","side":"buy","type":"limit","price":"1.00","size":"1","client_order_id":"late"}';
    const socket = connect(Number(port), hostname);
    let reply = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (reply += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    // The server's 100 Continue is the sign that it holds the request.
    const held = new Promise((resolve) => socket.once('data', resolve));
    const request =
      `POST /v1/orders HTTP/1.1\r\nHost: x\r\nX-API-Key: ${ALICE_KEY}\r\nContent-Type: application/json\r\n` +
      `Expect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n`;
    socket.write(request + body.slice(0, 10));
    await held;
    expect(reply).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    server.process.kill('SIGTERM');
    await server.line('stderr', /^simex: SIGTERM: finishing requests in flight/);
    expect(server.process.exitCode).toBeNull();
    socket.write(body.slice(10));
    await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 Created\r\n/);
    expect(reply.toLowerCase()).toContain('connection: close');
    expectDocumentedReply(request, reply);
    expect(await server.exited).toBe(0);
    expect((await readFile(journal, 'utf8')).trimEnd().split('\n').at(-1)).toMatch(
      /,new,ord_161,alice,ETH-USD,buy,limit,1\.00,1\.0000,gtc,false,late,,,,[0-9a-f]{16}$/,
    );
  });
});
