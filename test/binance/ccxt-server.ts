import ccxt from 'ccxt';
import { planMarket } from '../../adapters/server/market/index.js';
import { startServer, type RunningServer } from '../../adapters/server/http/server.js';
import { ManualScheduler } from '../market/manual-scheduler.js';

export const ALICE = { key: 'alice-key-0123456789', secret: 'alice-secret-0123456789' };
export const BOB = { key: 'bob-key-0123456789', secret: 'bob-secret-0123456789' };
/** Fees the venue charges in these tests: maker 10 bps, taker 20 bps. */
export const FEES = { makerFeeBps: 10, takerFeeBps: 20 };

export interface AgentServer {
  readonly server: RunningServer;
  readonly scheduler: ManualScheduler;
  /** Runs the agents for `ms` of the fake clock. */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * `simex serve --market agents --seed SEED` in process on 127.0.0.1, on a fake clock the test
 * moves: alice starts with 10 BTC and 100000 USD, everyone else (the agents) with plenty.
 */
export async function agentServer(
  seed: number,
  options: { weightLimit?: number } = {},
): Promise<AgentServer> {
  const scheduler = new ManualScheduler();
  const plan = await planMarket({ kind: 'agents', seed }, scheduler, () => {});
  if ('error' in plan) throw new Error(plan.error);
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    rateLimit: 0,
    clock: scheduler.now,
    demoLiquidity: plan.demoLiquidity,
    market: plan.start!,
    grants: [
      { key: ALICE.key, account: 'alice', secret: ALICE.secret },
      { key: BOB.key, account: 'bob', secret: BOB.secret },
    ],
    balances: {
      ...FEES,
      initial: { BTC: '100000', ETH: '1000000', USD: '10000000000' },
      accounts: { alice: { BTC: '10', USD: '100000' } },
    },
    ...(options.weightLimit !== undefined && { binanceWeightLimit: options.weightLimit }),
  });
  return {
    server,
    scheduler,
    advance: (ms) => scheduler.advanceTo(scheduler.now() + ms),
    close: () => server.close(),
  };
}

/**
 * An unmodified ccxt `binance` client on the server, kept off the network by the overrides of
 * docs/ccxt.md; its clock is synchronised with the venue's (`loadTimeDifference`).
 */
export function binanceClient(
  url: string,
  credentials: { key: string; secret: string } = ALICE,
  pro = false,
) {
  const Exchange = pro ? ccxt.pro.binance : ccxt.binance;
  return new Exchange({
    apiKey: credentials.key,
    secret: credentials.secret,
    enableRateLimit: false,
    urls: {
      api: {
        public: `${url}/api/v3`,
        private: `${url}/api/v3`,
        ws: {
          spot: `${url.replace('http', 'ws')}/ws`,
          'ws-api': { spot: `${url.replace('http', 'ws')}/ws-api/v3` },
        },
      },
    },
    options: {
      fetchMarkets: { types: ['spot'] },
      fetchCurrencies: false,
      fetchMargins: false,
      adjustForTimeDifference: true,
    },
  });
}
