import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseBacktestOptions,
  type BacktestArguments,
} from '../../adapters/runs/backtest/backtest-options.js';
import { runBacktestCommand } from '../../adapters/runs/backtest/run-backtest.js';
import { simex } from '../cli/run-simex.js';
import { SMALL_FLOW, captureIo, tempFiles } from './helpers.js';

/** A TypeScript strategy whose hook throws on line 6, after lines that compile to nothing. */
const THROWS_ON_LINE_6 = [
  'interface Trade {',
  '  readonly price: string;',
  '}',
  'export default {',
  '  onTrade(trade: Trade): void {',
  "    if (trade.price === '101.00') throw new Error('bad luck');",
  '  },',
  '};',
  '',
].join('\n');

const dir = tempFiles({
  'flow.csv': SMALL_FLOW,
  'bad-flow.csv': SMALL_FLOW.replace('new,t1', 'nwe,t1'),
  'clash.csv': SMALL_FLOW.replace(',taker,', ',strategy,'),
  'empty.csv': 'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only\n',
  'ok.ts': 'export default { onTrade() {} };\n',
  'syntax.ts': 'export default {\n  onTrade( {\n};\n',
  'no-default.ts': 'export const onTrade = () => {};\n',
  'not-function.ts': 'export default { onTrade: 42 };\n',
  'typo.ts': 'export default { onTick() {} };\n',
  'primitive.js': 'export default 7;\n',
  'constructor.ts': 'export default class { constructor() { throw new Error("no config"); } };\n',
  'top-level.js': 'throw new Error("boom at load");\n',
  'strategy.txt': 'export default {};\n',
  'throws.ts':
    'export default { onTrade(trade: { price: string }) { if (trade.price === "101.00") throw new Error("bad luck"); } };\n',
  'async.ts': 'export default { async onStart() {} };\n',
  'missing-param.ts':
    'export default class { constructor(params: { number(k: string): number }) { params.number("size"); } };\n',
  'throws-late.ts': THROWS_ON_LINE_6,
  'esm/package.json': '{ "type": "module" }\n',
  'esm/throws-late.ts': THROWS_ON_LINE_6,
  'param-hook.ts': [
    'type Context = { params: { number(key: string): number } };',
    'export default {',
    '  onStart(ctx: Context) {',
    "    const size = ctx.params.number('size');",
    '    return size;',
    '  },',
    '};',
    '',
  ].join('\n'),
  'refused.ts':
    "export default { onStart(ctx: { place(order: object): string }) { ctx.place({ symbol: 'BTC-USD', side: 'buy', type: 'limit', price: '1.001', size: '1' }); } };\n",
});
const path = (name: string) => join(dir, name);

async function run(
  overrides: Partial<BacktestArguments>,
): Promise<{ code: number; stderr: string }> {
  const options = parseBacktestOptions({
    strategy: path('ok.ts'),
    data: path('flow.csv'),
    ...overrides,
  });
  if (typeof options === 'string') return { code: -1, stderr: options };
  const io = captureIo();
  const code = await runBacktestCommand(options, io.io);
  return { code, stderr: io.stderr };
}

describe('bad arguments are refused with a one-line reason', () => {
  const cases: [Partial<BacktestArguments>, string][] = [
    [{ latency: '-5' }, '--latency must be a duration'],
    [{ latency: '1.5s' }, '--latency must be a duration'],
    [{ sample: '0' }, '--sample must be at least 1 ms'],
    [{ interval: 'often' }, '--interval must be a duration'],
    [{ makerFee: '1e-3' }, '--maker-fee must be a decimal rate'],
    [{ takerFee: '' }, '--taker-fee must be a decimal rate'],
    [{ account: 'my account' }, '--account must be 1-64 of'],
    [{ param: ['spread'] }, '--param must be key=value, got "spread"'],
    [{ param: ['a=1', 'a=2'] }, '--param a is given twice'],
    [{ out: '' }, '--out must name a directory'],
  ];
  for (const [overrides, reason] of cases) {
    it(JSON.stringify(overrides), async () => {
      const { code, stderr } = await run(overrides);
      expect(code).toBe(-1);
      expect(stderr).toContain(reason);
    });
  }
});

describe('bad strategy and data files: exit 2 with one line, never a stack trace', () => {
  const cases: [string, Partial<BacktestArguments>, string][] = [
    [
      'missing strategy',
      { strategy: path('nope.ts') },
      'nope.ts: no such file or directory (ENOENT)',
    ],
    [
      'wrong extension',
      { strategy: path('strategy.txt') },
      'strategy.txt: a strategy must be a .ts or .js module',
    ],
    [
      'syntax error',
      { strategy: path('syntax.ts') },
      'syntax.ts: cannot load: Transform failed with 1 error:',
    ],
    ['no default export', { strategy: path('no-default.ts') }, 'no-default.ts: no default export'],
    [
      'hook not a function',
      { strategy: path('not-function.ts') },
      'onTrade must be a function, found number',
    ],
    [
      'unknown hook',
      { strategy: path('typo.ts') },
      'typo.ts: unknown hook onTick; hooks are onStart,',
    ],
    [
      'not an object',
      { strategy: path('primitive.js') },
      'must be an object or a class with hooks',
    ],
    ['constructor throws', { strategy: path('constructor.ts') }, 'constructor threw: no config'],
    [
      'missing param',
      { strategy: path('missing-param.ts') },
      `constructor threw: missing --param size=... (at ${path('missing-param.ts')}:`,
    ],
    [
      'throws at load',
      { strategy: path('top-level.js') },
      'top-level.js: cannot load: boom at load',
    ],
    ['missing data', { data: path('nope.csv') }, 'nope.csv: cannot read: ENOENT'],
    [
      'malformed data',
      { data: path('bad-flow.csv') },
      'bad-flow.csv:5:26: action must be new, cancel, reduce or amend',
    ],
    [
      'flow uses the strategy account',
      { data: path('clash.csv') },
      'clash.csv:5: the flow trades under account strategy',
    ],
    ['no rows', { data: path('empty.csv') }, 'empty.csv: no rows to backtest against'],
  ];
  for (const [name, overrides, message] of cases) {
    it(name, async () => {
      const { code, stderr } = await run({ ...overrides, out: path(`out-${name}`) });
      expect(code).toBe(2);
      expect(stderr).toContain(message);
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(existsSync(join(path(`out-${name}`), 'summary.json'))).toBe(false);
    });
  }
});

describe('a hook that fails stops the run: exit 1, nothing written', () => {
  it('throws: names the hook, the time and the place', async () => {
    const { code, stderr } = await run({ strategy: path('throws.ts'), out: path('out-throws') });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /throws\.ts: onTrade at 2026-01-05T09:31:00\.000Z threw bad luck \((at|in) \/.*\/throws\.ts\b.*\); nothing written\n$/,
    );
    expect(existsSync(path('out-throws'))).toBe(true);
    expect(existsSync(join(path('out-throws'), 'fills.csv'))).toBe(false);
  });

  // Through the built CLI: vitest's own stack handling would hide whether the positions map.
  for (const file of ['throws-late.ts', 'esm/throws-late.ts']) {
    it(`names the .ts source's own line (${file})`, async () => {
      const { code, stderr } = await simex(
        'backtest',
        '--strategy',
        path(file),
        '--data',
        path('flow.csv'),
      );
      expect([code, stderr]).toEqual([
        1,
        `${path(file)}: onTrade at 2026-01-05T09:31:00.000Z threw bad luck ` +
          `(at ${path(file)}:6:41); nothing written\n`,
      ]);
    });
  }

  it('async hook', async () => {
    const { code, stderr } = await run({ strategy: path('async.ts') });
    expect(code).toBe(1);
    expect(stderr).toContain(
      'onStart at 2026-01-05T09:30:00.000Z returned a promise; hooks must be synchronous',
    );
  });
});

describe('a --param the strategy cannot use', () => {
  it("is bad input, reported at the strategy's own line", async () => {
    const { code, stderr } = await simex(
      'backtest',
      '--strategy',
      path('param-hook.ts'),
      '--data',
      path('flow.csv'),
      '--param',
      'size=abc',
    );
    expect([code, stderr]).toEqual([
      2,
      `${path('param-hook.ts')}: onStart at 2026-01-05T09:30:00.000Z threw --param size must be a ` +
        `number, got "abc" (at ${path('param-hook.ts')}:4:29); nothing written\n`,
    ]);
  });
});

describe('the summary table', () => {
  it('shows the actions the venue refused', async () => {
    const options = parseBacktestOptions({ strategy: path('refused.ts'), data: path('flow.csv') });
    if (typeof options === 'string') throw new Error(options);
    const io = captureIo();
    expect(await runBacktestCommand(options, io.io)).toBe(0);
    expect(io.stdout).toContain(
      '\nrefused actions 1 (invalid_parameter 1), unsent actions 0, refused flow rows 0\n',
    );
  });
});
