/**
 * What `simex` loads before it knows its command: yargs and the command definitions only. Each
 * command imports what it runs when it runs, so `--help`, `--version` and a bad flag answer at
 * once, and no command pays for another's modules (the core, the CSV reader, decimal.js).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { staticSpecifiers } from '../core/source-scan.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The project files and the packages that loading `entry` loads. */
function startUpGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of staticSpecifiers(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  };
  visit(join(ROOT, entry));
  return { files: [...files].map((file) => relative(ROOT, file)).sort(), packages: [...packages] };
}

describe('simex start-up', () => {
  it('loads yargs and the command definitions, not what the commands run', () => {
    const { files, packages } = startUpGraph('adapters/cli/main.ts');
    expect(packages.sort()).toEqual(['node:fs', 'node:stream/promises', 'yargs', 'yargs/helpers']);
    expect(files.filter((file) => !file.startsWith('adapters/cli/'))).toEqual([
      'adapters/exit-codes.ts',
      'adapters/file-errors.ts',
      'adapters/flow/scenario-error.ts',
      'adapters/flow/scenario-time.ts',
      'adapters/input-error.ts',
      'adapters/interrupt-cleanup.ts',
      'adapters/runs/backtest/backtest-defaults.ts',
      'adapters/runs/check/full-check-every.ts',
    ]);
  });
});
