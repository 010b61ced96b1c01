import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const reference = readFileSync(join(root, 'docs', 'core.md'), 'utf8');
/** The library reference's runnable examples: the ts blocks that start with an import. */
const examples = [...reference.matchAll(/```ts\n(import [\s\S]*?)```/g)].map((match) => match[1]!);

it('docs/core.md has runnable examples', () => {
  expect(examples.length).toBe(2);
});

/** Each example, run as written against the package (imported as 'simex'), prints its last comment. */
it.each(examples.map((example, index) => [index + 1, example]))(
  'runs example %i of docs/core.md and prints what its last comment says',
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
);
