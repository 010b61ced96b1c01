/** The runnable blocks of the README and the library reference, read from the pages themselves. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function page(name: string): string {
  return readFileSync(join(ROOT, name), 'utf8');
}

export interface Example {
  readonly name: string;
  readonly code: string;
  /** What the example prints: its last comment. */
  readonly prints: string;
}

/** The ts blocks of a page that start with an import. */
export function examples(name: string): Example[] {
  return [...page(name).matchAll(/```ts\n(import [\s\S]*?)```/g)].map((match, index) => ({
    name: `${name} example ${index + 1}`,
    code: match[1]!,
    prints: /\/\/ (.*)\n$/.exec(match[1]!)?.[1] ?? '',
  }));
}

/** The README's sh block that contains `line`, as a script for `sh -e`. */
export function readmeShell(line: string): string {
  const block = [...page('README.md').matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((match) => match[1]!)
    .find((text) => text.split('\n').includes(line));
  if (block === undefined) throw new Error(`README.md has no sh block with the line: ${line}`);
  return block;
}

/** The README's commands that make the `strategy.ts` and `flow.csv` its backtest example reads. */
export const README_COMMANDS = readmeShell(
  'npx simex backtest --strategy strategy.ts --data flow.csv --interval 1s',
);

/** The README's commands that install the packed package in a project of one's own. */
export const README_INSTALL = readmeShell('npm install ./simex-0.1.0.tgz');
