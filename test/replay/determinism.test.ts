import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { invariantObserver } from '../../adapters/runs/check/invariant-observer.js';
import { flowInstruments } from '../../adapters/runs/generate/flow-instruments.js';
import { writeFlow } from '../../adapters/runs/generate/write-flow.js';
import { replayRun } from '../replay-run.js';

const work = mkdtempSync(join(tmpdir(), 'simex-determinism-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function generate(name: string, seed: number): Promise<string> {
  const path = join(work, name);
  const out = createWriteStream(path);
  const options = {
    seed,
    events: 3000,
    instruments: flowInstruments(['BTC-USD', 'ETH-USD', 'SOL-USD']),
    start: Date.UTC(2026, 0, 5),
    meanIntervalMs: 60_000,
    accounts: 5,
  };
  await writeFlow(options, out);
  await new Promise((resolve) => out.end(resolve));
  return path;
}

async function replay(file: string, out: string): Promise<[number, string]> {
  const { code, stderr } = await replayRun({ file, out, observe: invariantObserver, strict: true });
  return [code, stderr];
}

describe('determinism', () => {
  it('generate: the same seed gives the same bytes, another seed others', async () => {
    const [a, b, c] = [
      await generate('a.csv', 11),
      await generate('b.csv', 11),
      await generate('c.csv', 12),
    ];
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
    expect(readFileSync(a, 'utf8')).not.toBe(readFileSync(c, 'utf8'));
    expect(readFileSync(a, 'utf8').split('\n').slice(0, 5)).toEqual([
      '# generated: simex generate --seed 11 --events 3000',
      '# instrument symbol=BTC-USD tick_size=0.01 lot_size=0.00000001 max_size=1000 reference_price=30000.00',
      '# instrument symbol=ETH-USD tick_size=0.01 lot_size=0.0001 max_size=10000 reference_price=2000.00',
      '# instrument symbol=SOL-USD tick_size=0.01 lot_size=0.0001 reference_price=100.00',
      'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only',
    ]);
  });

  it('replay: two runs of a generated flow (past 24h, all order types) give identical bytes and keep every invariant', async () => {
    const file = await generate('flow.csv', 5);
    expect(await replay(file, join(work, 'run1'))).toEqual([0, '']);
    expect(await replay(file, join(work, 'run2'))).toEqual([0, '']);
    const trades = readFileSync(join(work, 'run1', 'trades.csv'), 'utf8');
    expect(trades.split('\n').length).toBeGreaterThan(500);
    for (const output of ['trades.csv', 'orders.csv', 'book.json', 'ticker.json']) {
      expect(readFileSync(join(work, 'run2', output), 'utf8'), output).toBe(
        readFileSync(join(work, 'run1', output), 'utf8'),
      );
    }
  });
});

describe('--help', () => {
  for (const [command, options] of [
    ['replay', ['--out', '--check', '--check-every', '--strict', 'Examples:']],
    ['check', ['--runs', '--seed', '--events', 'Examples:']],
    ['generate', ['--seed', '--events', '--symbols', 'Examples:']],
  ] as const) {
    it(`simex ${command} --help shows its options and an example`, () => {
      const help = execFileSync(
        process.execPath,
        ['--import', 'tsx', 'adapters/cli/main.ts', command, '--help'],
        { encoding: 'utf8' },
      );
      for (const option of options) expect(help).toContain(option);
    });
  }
});
