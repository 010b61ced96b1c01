import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { impurities, sourceFiles } from './source-scan.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

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
      'setTimeout(tick, 5);',
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
      'sets a timer',
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

  it('imports no node module and reads neither the wall clock, timers nor randomness', () => {
    const problems = sourceFiles(SRC).flatMap((file) =>
      impurities(readFileSync(file, 'utf8')).map((problem) => `${relative(SRC, file)}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });
});
