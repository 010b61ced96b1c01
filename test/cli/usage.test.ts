import { describe, expect, it } from 'vitest';
import { failureReport } from '../../adapters/cli/failure-report.js';
import { closest } from '../../adapters/cli/usage-errors.js';
import { simex } from './run-simex.js';

/** Every usage error: the reason first, one line, a pointer to --help, exit 2. */
function expectUsageError(run: { code: number; stderr: string }, line: string, help: string) {
  expect([run.code, run.stderr]).toEqual([2, `${line}\nSee "${help} --help".\n`]);
}

describe('mistyped and missing options: the error first, with a hint, exit 2', () => {
  const mistyped: [args: string[], line: string, help: string][] = [
    [
      ['backtest', '--strategyy', 'x.ts', '--data', 'flow.csv'],
      'simex backtest: unknown option --strategyy (did you mean --strategy?)',
      'simex backtest',
    ],
    [
      ['check', '--seeed', '3'],
      'simex check: unknown option --seeed (did you mean --seed?)',
      'simex check',
    ],
    [
      ['generate', '--seeed', '3', '--events', '2'],
      'simex generate: unknown option --seeed (did you mean --seed?)',
      'simex generate',
    ],
    [
      ['replay', 'flow.csv', '--checkk'],
      'simex replay: unknown option --checkk (did you mean --check?)',
      'simex replay',
    ],
    [
      ['import', 'lobster', 'm.csv', '--symbol', 'A-USD', '--order-book', 'o.csv'],
      'simex import lobster: unknown option --order-book (did you mean --orderbook?)',
      'simex import lobster',
    ],
    [
      ['serve', '--prot', '0'],
      'simex serve: unknown option --prot (did you mean --port?)',
      'simex serve',
    ],
    [['replay', 'flow.csv', '--zzz=1'], 'simex replay: unknown option --zzz', 'simex replay'],
    [['gen'], 'simex: unknown command "gen" (did you mean generate?)', 'simex'],
    [['replya', 'f.csv'], 'simex: unknown command "replya" (did you mean replay?)', 'simex'],
    [
      [],
      'simex: name a command: serve, replay, check, generate, backtest, sweep, import lobster|tardis|binance, init strategy or convert',
      'simex',
    ],
  ];
  for (const [args, line, help] of mistyped) {
    it(`simex ${args.join(' ')}`, async () => expectUsageError(await simex(...args), line, help));
  }

  const missing: [args: string[], line: string, help: string][] = [
    [
      ['backtest', '--data', 'flow.csv'],
      'simex backtest: missing required option --strategy',
      'simex backtest',
    ],
    [['generate'], 'simex generate: missing required option --seed, --events', 'simex generate'],
    [['replay'], 'simex replay: missing argument; usage: simex replay <file>', 'simex replay'],
    [
      ['import', 'lobster', 'm.csv'],
      'simex import lobster: missing required option --symbol',
      'simex import lobster',
    ],
    [['check', '--runs', '0'], 'simex check: --runs must be a positive integer', 'simex check'],
    [
      ['generate', '--seed', '1', '--events', '5', '--symbols', 'FOO'],
      'simex generate: --symbols: symbol must look like BASE-QUOTE, each 1-12 of A-Z 0-9',
      'simex generate',
    ],
    [
      ['generate', '--seed', '1', '--events', '5', '--symbols', 'SOL-USD', 'SOL-USD'],
      'simex generate: --symbols: symbol SOL-USD is listed twice',
      'simex generate',
    ],
  ];
  for (const [args, line, help] of missing) {
    it(`simex ${args.join(' ')}`, async () => expectUsageError(await simex(...args), line, help));
  }

  it('--help still prints the help, with the table of exit codes, and exits 0', async () => {
    const run = await simex('backtest', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout.replace(/\s+/g, ' ')).toContain(
      'Exit codes: 0 ok, 1 run_failed, 2 bad_input, 3 invariant_violated, 4 internal_error',
    );
  });
});

describe('closest', () => {
  it('suggests a name a typo or two away, or one the word abbreviates; nothing otherwise', () => {
    expect(closest('seeed', ['seed', 'events'])).toBe('seed');
    expect(closest('strategyy', ['data', 'strategy'])).toBe('strategy');
    expect(closest('gen', ['generate', 'replay'])).toBe('generate');
    expect(closest('prot', ['port', 'host'])).toBe('port');
    expect(closest('xyz', ['seed', 'events'])).toBeNull();
  });
});

describe('an error nothing expected', () => {
  it('is a bug: one line, exit reason internal_error', () => {
    const error = new Error('undefined is not a function\nmore');
    expect(failureReport(error, ['replay', 'f.csv'], { replay: {} })).toEqual({
      text: 'simex replay: internal error (a bug in simex; SIMEX_DEBUG=1 shows where): undefined is not a function\n',
      reason: 'internal_error',
    });
  });
});
