import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKTEST_EXAMPLE } from '../../adapters/cli/backtest-command.js';
import { simex } from './run-simex.js';
import { writeGeneratedFlow } from '../backtest/helpers.js';

const work = mkdtempSync(join(tmpdir(), 'simex-cli-example-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const flow = join(work, 'flow.csv');

beforeAll(async () => {
  await writeGeneratedFlow(flow, 7, 5000);
});

/** The example's arguments, on the generated flow, writing into the temp directory. */
const exampleArgs = () =>
  BACKTEST_EXAMPLE.split(' ')
    .slice(1)
    .map((arg) => (arg === 'flow.csv' ? flow : arg === 'results' ? join(work, 'results') : arg));

describe('the example of simex backtest --help', () => {
  it('trades: orders and fills are not zero', async () => {
    const run = await simex(...exampleArgs());
    expect([run.code, run.stderr]).toEqual([0, '']);
    const row = (label: string) => run.stdout.split('\n').find((line) => line.startsWith(label));
    expect(row('orders')).toMatch(/^orders +[1-9][0-9]* /);
    expect(row('fills (maker/taker)')).toMatch(/^fills \(maker\/taker\) +[1-9][0-9]* \(/);
    expect(row('traded volume')).not.toMatch(/^traded volume +0(\.0+)? /);
  });

  it('without --interval, warns in one line that onTimer is never called', async () => {
    const args = exampleArgs();
    args.splice(args.indexOf('--interval'), 2);
    const run = await simex(...args);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      'simex backtest: warning: scenarios/strategies/market-maker.ts has an onTimer hook but no ' +
        '--interval was given, so it is never called (add --interval 1s, for example)\n',
    );
  });
});
