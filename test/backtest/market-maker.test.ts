/**
 * The example market maker (scenarios/strategies/market-maker.ts) never quotes through the touch:
 * however far its inventory skews its quotes, each post-only quote rests (none is rejected for
 * taking liquidity), so it keeps quoting the side that unwinds it.
 */
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadStrategy } from '../../adapters/runs/backtest/strategy-loader.js';
import { ParamValues } from '../../adapters/runs/backtest/strategy-params.js';
import { backtestInMemory, tempFiles, testConfig, writeGeneratedFlow } from './helpers.js';

const MARKET_MAKER = fileURLToPath(
  new URL('../../scenarios/strategies/market-maker.ts', import.meta.url),
);

describe('the example market maker', () => {
  it('never quotes through the touch: no quote of its is rejected as post-only', async () => {
    const flow = join(tempFiles({}), 'flow.csv');
    await writeGeneratedFlow(flow, 7, 20_000);
    const params = new ParamValues({ size: '0.05' });
    const strategy = await loadStrategy(MARKET_MAKER, params);
    const statuses = new Map<string, number>();
    strategy.onOrder = (order) => {
      if (order.status === 'open' || order.status === 'rejected')
        statuses.set(order.status, (statuses.get(order.status) ?? 0) + 1);
    };
    const engine = await backtestInMemory(
      readFileSync(flow, 'utf8'),
      strategy,
      testConfig({ intervalMs: 1000, params }),
    );
    expect(engine.ledgers[0]!.fills).toBeGreaterThan(100);
    expect(statuses.get('open')).toBeGreaterThan(1000);
    expect(statuses.get('rejected')).toBeUndefined();
  }, 60_000);
});
