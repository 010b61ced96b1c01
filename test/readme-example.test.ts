import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
/** The runnable examples of the README and the library reference: ts blocks that start with an import. */
const examples = ['README.md', 'docs/core.md'].flatMap((page) =>
  [...readFileSync(join(root, page), 'utf8').matchAll(/```ts\n(import [\s\S]*?)```/g)].map(
    (match, index) => [`${page} example ${index + 1}`, match[1]!] as const,
  ),
);

it('the README and docs/core.md have runnable examples', () => {
  expect(examples.map(([name]) => name)).toEqual([
    'README.md example 1',
    'README.md example 2',
    'docs/core.md example 1',
    'docs/core.md example 2',
  ]);
});

/** Each example, run as written against the package (imported as 'simex'), prints its last comment. */
it.each(examples)(
  'runs %s and prints what its last comment says',
  (_, example) => {
    const expected = /\/\/ (.*)\n$/.exec(example)?.[1];
    expect(expected).toBeDefined();
    const dir = mkdtempSync(join(root, 'test', '.readme-')); // inside the package, so 'simex' resolves to itself
    try {
      const file = join(dir, 'example.mts');
      writeFileSync(file, example);
      const output = execFileSync(process.execPath, ['--import', 'tsx', file], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(output.trim()).toBe(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  180_000,
);
