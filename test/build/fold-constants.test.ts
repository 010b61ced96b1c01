import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BUILD = join(import.meta.dirname, '../../build.config.js');
const work = mkdtempSync(join(tmpdir(), 'simex-fold-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    types: [],
    outDir: 'out',
  },
  include: ['src'],
};

const CODES = `
export const PLAIN = 7;
export const NEGATIVE = -3;
export const SEPARATED = 1_000_000;
export const HEX = 0x1f;
export const HALF = 0.5;
export const CAST = 4 as Branded;
export const SHIFTED = 1 << 4;
export const WORD = 'seven';
export let counter = 1;
export type Branded = number & { readonly brand: unique symbol };
`;

const USER = `
import { CAST, HALF, HEX, NEGATIVE, PLAIN, SEPARATED, SHIFTED, WORD, counter } from './codes.js';
import * as codes from './codes.js';
export { PLAIN };
const LOCAL = 2;
type Plain = typeof PLAIN;
export function values(): unknown[] {
  const shadow = (PLAIN: string) => PLAIN;
  const object = { PLAIN, [HEX]: 'hex', NEGATIVE: NEGATIVE * 2 };
  const typed: Plain = 7;
  return [PLAIN + LOCAL, NEGATIVE, SEPARATED, HEX, HALF, CAST, SHIFTED, WORD, counter,
    shadow('s'), object, typed, codes.PLAIN, -NEGATIVE];
}
`;

function project(name: string, files: Record<string, string>): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, 'src', file), text);
  return dir;
}

describe('the build (build.config.js)', () => {
  it('writes a number-literal const as its literal where it is read, and nothing else', async () => {
    const dir = project('fold', { 'codes.ts': CODES, 'user.ts': USER });
    execFileSync(process.execPath, [BUILD, join(dir, 'tsconfig.json')]);
    const emitted = readFileSync(join(dir, 'out/user.js'), 'utf8');
    expect(emitted).toContain('return [7 + 2, (-3), 1000000, 31, 0.5, 4, SHIFTED, WORD, counter,');
    expect(emitted).toContain("const object = { PLAIN, [31]: 'hex', NEGATIVE: (-3) * 2 };");
    expect(emitted).toContain('const shadow = (PLAIN) => PLAIN;');
    expect(emitted).toContain('codes.PLAIN, -(-3)];');
    expect(emitted).toContain('export { PLAIN };');
    const user = (await import(pathToFileURL(join(dir, 'out/user.js')).href)) as {
      values(): unknown[];
      PLAIN: number;
    };
    expect(user.values()).toEqual([
      9,
      -3,
      1_000_000,
      31,
      0.5,
      4,
      16,
      'seven',
      1,
      's',
      { PLAIN: 7, 31: 'hex', NEGATIVE: -6 },
      7,
      7,
      3,
    ]);
    expect(user.PLAIN).toBe(7);
  });

  it('fails on a type error with tsc’s message and exit code', () => {
    const dir = project('broken', { 'broken.ts': 'export const x: number = "seven";\n' });
    const run = spawnSync(process.execPath, [BUILD, join(dir, 'tsconfig.json')], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("error TS2322: Type 'string' is not assignable to type 'number'.");
  });
});
