import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { simex } from '../cli/run-simex.js';

// Runs the built CLI: `npm run build` first.
const work = mkdtempSync(join(tmpdir(), 'simex-arrow-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const at = (name: string) => join(work, name);
const GENERATE = ['generate', '--seed', '3', '--events', '3000'];

describe('simex with Arrow flows', () => {
  it('generate --format arrow writes the same bytes as generate | convert, every time', async () => {
    const [csv, arrow, again] = await Promise.all([
      simex(...GENERATE, '--out', at('g.csv')),
      simex(...GENERATE, '--format', 'arrow', '--out', at('g1.arrow')),
      simex(...GENERATE, '--format', 'arrow', '--out', at('g2.arrow')),
    ]);
    expect([csv.code, arrow.code, again.code, arrow.stderr]).toEqual([0, 0, 0, '']);
    expect(await simex('convert', at('g.csv'), '--out', at('c.arrow'))).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    const bytes = readFileSync(at('g1.arrow'));
    expect(bytes.subarray(0, 6).toString('latin1')).toBe('ARROW1');
    expect(readFileSync(at('g2.arrow')).equals(bytes)).toBe(true);
    expect(readFileSync(at('c.arrow')).equals(bytes)).toBe(true);
    expect(readdirSync(work).filter((name) => name.includes('.partial-'))).toEqual([]);
  });

  it('replay and backtest give the same outputs from the Arrow flow as from the CSV, whatever its name', async () => {
    writeFileSync(at('flow.data'), readFileSync(at('g1.arrow')));
    const maker = ['--strategy', 'scenarios/strategies/market-maker.ts', '--interval', '1s'];
    const [csvReplay, arrowReplay, csvSummary, arrowSummary, csvBacktest, arrowBacktest] =
      await Promise.all([
        simex('replay', at('g.csv'), '--out', at('replay-csv')),
        simex('replay', at('flow.data'), '--out', at('replay-arrow')),
        simex('replay', at('g.csv')),
        simex('replay', at('flow.data')),
        simex('backtest', ...maker, '--data', at('g.csv'), '--out', at('bt-csv')),
        simex('backtest', ...maker, '--data', at('flow.data'), '--out', at('bt-arrow')),
      ]);
    for (const run of [
      csvReplay,
      arrowReplay,
      csvSummary,
      arrowSummary,
      csvBacktest,
      arrowBacktest,
    ])
      expect(run.code).toBe(0);
    for (const output of ['trades.csv', 'orders.csv', 'book.json', 'ticker.json'])
      expect(readFileSync(at(`replay-arrow/${output}`), 'utf8'), output).toBe(
        readFileSync(at(`replay-csv/${output}`), 'utf8'),
      );
    expect(arrowSummary.stdout).toBe(csvSummary.stdout.replace(at('g.csv'), at('flow.data')));
    for (const output of ['fills.csv', 'equity.csv'])
      expect(readFileSync(at(`bt-arrow/${output}`), 'utf8'), output).toBe(
        readFileSync(at(`bt-csv/${output}`), 'utf8'),
      );
    const summary = (dir: string) =>
      readFileSync(at(`${dir}/summary.json`), 'utf8').replace(/"data": "[^"]*"/, '');
    expect(summary('bt-arrow')).toBe(summary('bt-csv'));
  });

  it('import lobster --format arrow --out replays to the outputs of the CSV import', async () => {
    const fixture = (name: string) =>
      join('test/fixtures/lobster', `AAPL_2012-06-21_first999_${name}_10.csv`);
    const source = [
      fixture('message'),
      '--symbol',
      'AAPL-USD',
      '--orderbook',
      fixture('orderbook'),
    ];
    const imports = await Promise.all([
      simex('import', 'lobster', ...source, '--out', at('aapl.csv')),
      simex('import', 'lobster', ...source, '--format', 'arrow', '--out', at('aapl.arrow')),
    ]);
    expect(imports.map((run) => run.code)).toEqual([0, 0]);
    expect(imports[1].stderr).toBe(imports[0].stderr);
    const replays = await Promise.all([
      simex('replay', at('aapl.csv'), '--out', at('aapl-csv')),
      simex('replay', at('aapl.arrow'), '--out', at('aapl-arrow')),
    ]);
    expect(replays.map((run) => run.code)).toEqual([0, 0]);
    for (const output of ['trades.csv', 'orders.csv', 'book.json', 'ticker.json'])
      expect(readFileSync(at(`aapl-arrow/${output}`), 'utf8'), output).toBe(
        readFileSync(at(`aapl-csv/${output}`), 'utf8'),
      );
  });

  it('convert refuses a malformed CSV with file:line:column and writes nothing, exit 2', async () => {
    writeFileSync(
      at('bad.csv'),
      'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only\n1,new,a,b,BTC-USD,up,limit,1,1,,\n',
    );
    const run = await simex('convert', at('bad.csv'), '--out', at('bad.arrow'));
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `${at('bad.csv')}:2:19: side must be buy or sell\n`,
    });
    expect(existsSync(at('bad.arrow'))).toBe(false);
  });

  it('a truncated Arrow flow is refused in one line, exit 2', async () => {
    const bytes = readFileSync(at('g1.arrow'));
    writeFileSync(at('cut.arrow'), bytes.subarray(0, bytes.length >> 1));
    const run = await simex('replay', at('cut.arrow'));
    expect([run.code, run.stderr]).toEqual([
      2,
      `${at('cut.arrow')}: not a complete Arrow IPC file: it does not end with ARROW1 (truncated?)\n`,
    ]);
  });
});
