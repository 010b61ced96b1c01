import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/** The README's library example, run as written against the built package (imported as 'simex'). */
it('runs the README library example and prints what its comment says', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const example = /## Library\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toBeDefined();
  const expected = /\/\/ (.*)\n$/.exec(example!)?.[1];
  const dir = mkdtempSync(join(root, 'test', '.readme-')); // inside the package, so 'simex' resolves to itself
  try {
    const file = join(dir, 'example.mts');
    writeFileSync(file, example!);
    const output = execFileSync(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(output.trim()).toBe(expected);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
