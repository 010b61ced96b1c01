/**
 * The servers `npm run bench:http` measures, in their own process: a bare node:http handler
 * returning a small JSON, and simex serve's handler on the default venue. Prints their URLs as
 * one JSON line, then runs until killed.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '../../adapters/http/server.js';

export const BENCH_KEY = 'bench-key';

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
  grants: [{ key: BENCH_KEY, account: 'bench' }],
  rateLimit: 0,
});
const barePort = (bare.address() as AddressInfo).port;
process.stdout.write(
  JSON.stringify({ bare: `http://127.0.0.1:${barePort}`, simex: simex.url }) + '\n',
);
