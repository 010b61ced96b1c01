import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sign } from '../../adapters/server/binance/index.js';
import { startServer } from '../../adapters/server/http/server.js';
import { ManualClock } from '../http/test-server.js';
import { ALICE } from './ccxt-server.js';

describe('orders placed in the Binance dialect are journaled', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('a restart replays them: the same orders, fills and balances', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'simex-binance-journal-'));
    folders.push(folder);
    const clock = new ManualClock();
    const options = {
      port: 0,
      host: '127.0.0.1',
      rateLimit: 0,
      clock: clock.read,
      journal: join(folder, 'journal.csv'),
      grants: [{ key: ALICE.key, account: 'alice', secret: ALICE.secret }],
      balances: { initial: { BTC: '5', USD: '200000' }, takerFeeBps: 20 },
    };
    const signedPost = async (url: string, params: string) => {
      const payload = `${params}&timestamp=${clock.now}`;
      const reply = await fetch(`${url}/api/v3/order`, {
        method: 'POST',
        headers: { 'x-mbx-apikey': ALICE.key },
        body: `${payload}&signature=${sign(ALICE.secret, payload)}`,
      });
      return (await reply.json()) as Record<string, number>;
    };
    const first = await startServer(options);
    const market = await signedPost(
      first.url,
      'symbol=BTCUSD&side=BUY&type=MARKET&quoteOrderQty=2500',
    );
    const resting = await signedPost(
      first.url,
      'symbol=BTCUSD&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.5&price=31000&newClientOrderId=keep-1',
    );
    clock.now += 1000;
    const before = [
      first.venue.getOrder('alice', `ord_${market['orderId']}`),
      first.venue.getOrder('alice', `ord_${resting['orderId']}`),
      first.venue.balances('alice'),
    ];
    await first.close();
    const second = await startServer(options);
    try {
      const after = [
        second.venue.getOrder('alice', `ord_${market['orderId']}`),
        second.venue.getOrder('alice', `ord_${resting['orderId']}`),
        second.venue.balances('alice'),
      ];
      expect(JSON.stringify(after)).toBe(JSON.stringify(before));
      expect(market['status']).toBe('FILLED');
      expect(resting['clientOrderId']).toBe('keep-1');
    } finally {
      await second.close();
    }
  });
});
