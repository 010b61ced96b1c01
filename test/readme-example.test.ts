/**
 * The README's examples and commands, run as written in the clone: the commands through
 * `npx simex`, each example saved as a .ts file and run with `npx tsx`. The same run from the
 * installed package is in test/package/installed-package.test.ts. Needs the build in dist/.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { examples, README_COMMANDS } from './readme-blocks.js';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');
const all = [...examples('README.md'), ...examples('docs/core.md')];
// Inside the package, so 'simex' resolves to itself and `npx simex` to its bin.
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(root, 'test', '.readme-'));
  await run('sh', ['-e', '-c', README_COMMANDS], { cwd: dir });
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('the README and docs/core.md have runnable examples', () => {
  expect(all.map(({ name }) => name)).toEqual([
    'README.md example 1',
    'README.md example 2',
    'docs/core.md example 1',
    'docs/core.md example 2',
  ]);
});

it.each(all.map((example) => [example.name, example] as const))(
  'runs %s with npx tsx and prints what its last comment says',
  async (_, { code, prints }) => {
    expect(prints).not.toBe('');
    writeFileSync(join(dir, 'example.ts'), code);
    const { stdout } = await run('npx', ['tsx', 'example.ts'], { cwd: dir });
    expect(stdout.trim()).toBe(prints);
  },
  180_000,
);
