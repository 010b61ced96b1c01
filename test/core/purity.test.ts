import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles, specifiers, withoutComments } from './source-scan.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

const FORBIDDEN_CALLS: [RegExp, string][] = [
  [/\bDate\s*\.\s*now\b/, 'reads Date.now'],
  [/\bnew\s+Date\s*\(\s*\)/, 'reads the time with new Date()'],
  [/\bMath\s*\.\s*random\b/, 'calls Math.random'],
  [/\bperformance\s*\.\s*now\b/, 'reads performance.now'],
];

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0] ?? '');
}

/** What in `source` makes the core impure: node modules, the wall clock, randomness. */
function impurities(source: string): string[] {
  const code = withoutComments(source);
  const found: string[] = [];
  for (const specifier of specifiers(source)) {
    if (isNodeBuiltin(specifier)) found.push(`imports ${specifier}`);
  }
  for (const [pattern, problem] of FORBIDDEN_CALLS) {
    if (pattern.test(code)) found.push(problem);
  }
  return found;
}

describe('the purity scanner', () => {
  it('finds node modules, the wall clock and randomness', () => {
    const bad = [
      "import { readFileSync } from 'node:fs';",
      "import * as path from 'path';",
      "import 'fs/promises';",
      "const os = await import('os');",
      "const crypto = require('crypto');",
      'const t = Date.now();',
      'const d = new Date();',
      'const r = Math.random();',
      'const p = performance.now();',
    ].join('\n');
    expect(impurities(bad)).toEqual([
      'imports node:fs',
      'imports path',
      'imports fs/promises',
      'imports os',
      'imports crypto',
      'reads Date.now',
      'reads the time with new Date()',
      'calls Math.random',
      'reads performance.now',
    ]);
  });

  it('passes pure code, comments about impurity and dates from given times', () => {
    const good = [
      "import { ok } from './result.js';",
      "import Decimal from 'decimal.js';",
      '/** Never calls Math.random or Date.now. */',
      '// nor performance.now',
      'const d = new Date(timestamp).toISOString();',
      "const url = 'https://example.com/path';",
    ].join('\n');
    expect(impurities(good)).toEqual([]);
  });
});

describe('src/', () => {
  it('has source files to scan', () => {
    expect(sourceFiles(SRC).length).toBeGreaterThan(10);
  });

  it('imports no node module and reads neither the wall clock nor randomness', () => {
    const problems = sourceFiles(SRC).flatMap((file) =>
      impurities(readFileSync(file, 'utf8')).map((problem) => `${relative(SRC, file)}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });
});
