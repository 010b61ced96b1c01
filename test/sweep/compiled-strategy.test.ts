/**
 * A .ts strategy in a sweep is compiled once, by the main thread, to the JavaScript every worker
 * imports: same results as the .js module, its own modules bundled, its packages imported from its
 * directory, positions naming the .ts source, and the compiled file removed at the end.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../../adapters/runs/backtest/index.js';
import { tempFiles, writeGeneratedFlow } from '../backtest/helpers.js';
import { TAKER_STRATEGY } from './taker-strategy.js';

/** The taker of taker-strategy.ts in TypeScript; the size it refuses from a module and a package. */
const TAKER_TS = `import { REFUSED } from './refused.ts';
import { SUFFIX } from 'refusal';

interface Params {
  string(key: string): string;
  number(key: string, fallback: number): number;
}

export default class Taker {
  size: string;
  every: number;
  ticks = 0;
  side: 'buy' | 'sell' = 'buy';
  constructor(params: Params) {
    this.size = params.string('size');
    this.every = params.number('every', 1);
  }
  onTimer(ctx: any): void {
    if (this.size === REFUSED) throw new Error('size ' + REFUSED + SUFFIX);
    this.ticks++;
    if (this.ticks % this.every !== 0 || ctx.inFlight() > 0) return;
    ctx.place({ symbol: ctx.symbols()[0], side: this.side, type: 'market', size: this.size });
    this.side = this.side === 'buy' ? 'sell' : 'buy';
  }
}
`;
const REFUSAL = {
  'package.json': '{ "name": "refusal", "type": "module", "exports": "./index.js" }',
  'index.js': "export const SUFFIX = ' is refused here';\n",
};

const dir = tempFiles({
  'taker.mjs': TAKER_STRATEGY,
  ...Object.fromEntries(
    ['cjs', 'esm'].flatMap((scope): [string, string][] => [
      [`${scope}/taker.ts`, TAKER_TS],
      [`${scope}/refused.ts`, "export const REFUSED: string = '0.03';\n"],
      ...Object.entries(REFUSAL).map(([name, text]): [string, string] => [
        `${scope}/node_modules/refusal/${name}`,
        text,
      ]),
    ]),
  ),
  'esm/package.json': '{ "type": "module" }',
});
const flow = join(dir, 'flow.csv');
const throwLine = TAKER_TS.split('\n').findIndex((line) => line.includes('throw'));
const thrownAt = `${throwLine + 1}:${TAKER_TS.split('\n')[throwLine]!.indexOf('new Error') + 1}`;
// The compiler writes under os.tmpdir(): a temporary directory of this file's own, so that other
// processes' sweeps (other test files, other checkouts) cannot add or remove entries meanwhile.
const sharedTmp = process.env.TMPDIR;
const ownTmp = mkdtempSync(join(tmpdir(), 'simex-compiled-test-'));
const compiledDirs = () => readdirSync(ownTmp).filter((name) => name.startsWith('simex-strategy-'));

beforeAll(() => {
  process.env.TMPDIR = ownTmp;
  return writeGeneratedFlow(flow, 11, 600);
});
afterAll(() => {
  if (sharedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = sharedTmp;
  rmSync(ownTmp, { recursive: true, force: true });
});

describe('a .ts strategy in a sweep', () => {
  it.each(['cjs', 'esm'])(
    'runs compiled once (%s scope), as the .js module does',
    async (scope) => {
      const before = compiledDirs();
      const options = {
        data: flow,
        interval: '1s',
        grid: ['size=0.01,0.03', 'every=1,2'],
        workers: 2,
      };
      const strategy = join(dir, scope, 'taker.ts');
      const [fromTs, fromJs] = await Promise.all([
        sweep({ ...options, strategy }),
        sweep({ ...options, strategy: join(dir, 'taker.mjs') }),
      ]);
      if (!fromTs.ok || !fromJs.ok) throw new Error('a sweep failed');
      const metrics = (ranked: typeof fromTs.value.ranked) =>
        ranked.map(({ params, metrics }) => ({ params, metrics }));
      expect(metrics(fromTs.value.ranked)).toEqual(metrics(fromJs.value.ranked));
      const errors = fromTs.value.ranked.flatMap(({ error }) => (error === null ? [] : [error]));
      expect(errors).toHaveLength(2);
      for (const error of errors)
        expect(error).toMatch(
          new RegExp(
            `^${strategy}: onTimer at \\S+ threw size 0\\.03 is refused here \\(at ${strategy}:${thrownAt}\\)$`,
          ),
        );
      expect(compiledDirs()).toEqual(before);
    },
    180_000,
  );
});
