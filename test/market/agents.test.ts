import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Venue } from '../../src/index.js';
import {
  AgentMarket,
  agentConfigOf,
  DEFAULT_AGENT_CONFIG,
  startMarket,
  type AgentConfig,
} from '../../adapters/server/market/index.js';
import { clockAndRandomness, staticClosure } from '../core/source-scan.js';
import { ManualScheduler, START } from './manual-scheduler.js';

/** The trades of `seconds` simulated seconds of the agents, one JSON line each. */
async function tradeTape(seed: number, seconds: number, config = DEFAULT_AGENT_CONFIG) {
  const scheduler = new ManualScheduler();
  const venue = Venue.create({ clock: scheduler.now, orderRetention: 10_000 });
  if (!venue.ok) throw new Error(venue.error.message);
  const lines: string[] = [];
  venue.value.subscribe(
    (event) => event.type === 'trade' && lines.push(JSON.stringify(event.trade)),
    ['trade'],
  );
  const agents = new AgentMarket({ venue: venue.value, config, seed, start: START });
  const running = startMarket(agents, scheduler);
  await scheduler.advanceTo(START + seconds * 1000);
  await running.stop();
  return { tape: lines.join('\n'), trades: lines.length, venue: venue.value };
}

describe('the agents with a seed and a fake clock', () => {
  it('give byte-identical trade tapes for the same seed, another tape for another seed', async () => {
    const first = await tradeTape(1, 60);
    const second = await tradeTape(1, 60);
    const other = await tradeTape(2, 60);
    expect(first.trades).toBe(270);
    expect(second.tape).toBe(first.tape);
    expect(other.tape).not.toBe(first.tape);
    const trades = first.tape
      .split('\n')
      .map((line) => JSON.parse(line) as { makerAccount: string; takerAccount: string });
    const accounts = new Set(trades.flatMap((trade) => [trade.makerAccount, trade.takerAccount]));
    expect([...accounts].sort()).toEqual([
      'agent-momentum-1',
      'agent-noise-1',
      'agent-noise-2',
      'agent-noise-3',
      'agent-noise-4',
      'agent-provider-1',
      'agent-provider-2',
    ]);
  });

  it('keep both sides of the book quoted, within the noise traders order limit', async () => {
    const { venue } = await tradeTape(3, 60);
    for (const symbol of ['BTC-USD', 'ETH-USD']) {
      const book = venue.orderBook(symbol, 1000);
      if (!book.ok) throw new Error(book.error.message);
      expect(book.value.bids.length).toBeGreaterThanOrEqual(10);
      expect(book.value.asks.length).toBeGreaterThanOrEqual(10);
    }
    for (let n = 1; n <= 4; n++) {
      const open = venue.listOrders(`agent-noise-${n}`, { status: 'open' });
      expect(open.ok && open.value.length).toBeLessThanOrEqual(2 * 5);
    }
  });

  it('run on their scheduler alone: nothing they load reads the wall clock, timers or randomness', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const sources = ['agent-market.ts', 'flow-market.ts', 'market-runner.ts'];
    const loaded = staticClosure(
      sources.map((file) => `${root}adapters/server/market/${file}`),
    ).map((path) => relative(root, path));
    expect(loaded).toContain('adapters/server/market/noise-trader.ts');
    expect(loaded).not.toContain('adapters/server/market/scheduler.ts');
    const problems = loaded.flatMap((path) =>
      clockAndRandomness(readFileSync(`${root}${path}`, 'utf8')).map(
        (problem) => `${path}: ${problem}`,
      ),
    );
    expect(problems).toEqual([]);
  });
});

describe('the agents parameters', () => {
  it('are the defaults with the overrides of the JSON', () => {
    const config = agentConfigOf({ providers: { count: 3 }, noise: { marketPercent: 0 } });
    expect(config).toEqual({
      ...DEFAULT_AGENT_CONFIG,
      providers: { ...DEFAULT_AGENT_CONFIG.providers, count: 3 },
      noise: { ...DEFAULT_AGENT_CONFIG.noise, marketPercent: 0 },
    } satisfies AgentConfig);
  });

  it('refuse what they do not know, and values out of range, with a message', () => {
    expect(agentConfigOf([])).toEqual({ error: 'must be a JSON object' });
    expect(agentConfigOf({ traders: {} })).toEqual({ error: 'unknown group "traders"' });
    expect(agentConfigOf({ noise: 3 })).toEqual({ error: 'noise must be an object' });
    expect(agentConfigOf({ noise: { cout: 3 } })).toEqual({
      error: 'unknown parameter noise.cout',
    });
    expect(agentConfigOf({ noise: { count: 1.5 } })).toEqual({
      error: 'noise.count must be an integer from 0 to 100',
    });
    expect(agentConfigOf({ providers: { levelNotional: '5000' } })).toEqual({
      error: 'providers.levelNotional must be an integer from 1 to 1000000000',
    });
    expect(agentConfigOf({ noise: { minNotional: 10, maxNotional: 5 } })).toEqual({
      error: 'noise.minNotional must not exceed noise.maxNotional',
    });
    expect(agentConfigOf({ momentum: { shortWindow: 20 } })).toEqual({
      error: 'momentum.shortWindow must be below momentum.longWindow',
    });
  });
});
