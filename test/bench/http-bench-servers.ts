/**
 * The servers `npm run bench:http` measures, in their own process: a bare node:http handler
 * returning a small JSON, and simex serve's handler on the default venue, from the build in
 * dist/ (what `npm start` runs); a third port answers the process's CPU time (µs). Prints their
 * URLs as one JSON line, then runs until killed.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { builtUrl, SIMEX_MODULES } from './simex-build.js';

type ServerModule = typeof import('../../adapters/server/http/server.js');
const { startServer } = (await import(builtUrl(SIMEX_MODULES.httpServer))) as ServerModule;

const bare = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const body = '{"ok":true,"symbol":"BTC-USD"}';
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    res.end(body);
  });
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const simex = await startServer({
  port: 0,
  host: '127.0.0.1',
  grants: [{ key: 'bench-key', account: 'bench', secret: 'bench-secret' }],
  rateLimit: 0,
  binanceWeightLimit: 1_000_000_000,
});
const cpu = createServer((_req, res) => {
  const { user, system } = process.cpuUsage();
  res.end(String(user + system));
});
await new Promise<void>((resolve) => cpu.listen(0, '127.0.0.1', resolve));
const urlOf = (server: typeof bare) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
process.stdout.write(
  JSON.stringify({ bare: urlOf(bare), simex: simex.url, cpu: urlOf(cpu) }) + '\n',
);
