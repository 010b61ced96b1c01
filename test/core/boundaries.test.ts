/**
 * The folders' import boundaries: which folder may import from which (see docs/architecture.md).
 * A new edge fails until it is added here on purpose; the table itself must stay free of cycles.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles, specifiers, staticClosure } from './source-scan.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Folder -> the folders it may import from. `src` is the core; `adapters/x` each adapter folder;
 * `adapters` the files at the adapters root (shared by several adapters).
 */
const ALLOWED: Record<string, readonly string[]> = {
  src: [],
  adapters: [],
  'adapters/units': ['src'],
  'adapters/output': [],
  'adapters/init': [],
  'adapters/csv': ['src', 'adapters'],
  'adapters/driver': ['src', 'adapters', 'adapters/csv'],
  'adapters/arrow': ['src', 'adapters/csv'],
  'adapters/replay': [
    'src',
    'adapters',
    'adapters/arrow',
    'adapters/csv',
    'adapters/driver',
    'adapters/output',
    'adapters/units',
  ],
  'adapters/check': ['src', 'adapters/csv', 'adapters/replay', 'adapters/units'],
  'adapters/generate': [
    'src',
    'adapters/arrow',
    'adapters/csv',
    'adapters/driver',
    'adapters/units',
  ],
  'adapters/backtest': [
    'src',
    'adapters',
    'adapters/arrow',
    'adapters/csv',
    'adapters/driver',
    'adapters/l2',
    'adapters/output',
    'adapters/sweep',
    'adapters/units',
  ],
  'adapters/sweep': ['adapters', 'adapters/csv', 'adapters/output', 'adapters/units'],
  'adapters/lobster': ['src', 'adapters', 'adapters/arrow', 'adapters/csv'],
  'adapters/l2': ['src', 'adapters', 'adapters/arrow', 'adapters/lobster'],
  'adapters/market': [
    'src',
    'adapters',
    'adapters/arrow',
    'adapters/csv',
    'adapters/driver',
    'adapters/units',
  ],
  'adapters/binance': ['src', 'adapters', 'adapters/units'],
  'adapters/http': [
    'src',
    'adapters',
    'adapters/binance',
    'adapters/csv',
    'adapters/driver',
    'adapters/market',
    'adapters/output',
    'adapters/units',
  ],
  'adapters/cli': [
    'adapters',
    'adapters/arrow',
    'adapters/backtest',
    'adapters/check',
    'adapters/csv',
    'adapters/generate',
    'adapters/http',
    'adapters/init',
    'adapters/l2',
    'adapters/lobster',
    'adapters/market',
    'adapters/replay',
    'adapters/sweep',
  ],
};

/** The folder a file (relative to the root, `/`-separated) belongs to. */
function folderOf(path: string): string {
  const parts = path.split('/');
  if (parts[0] === 'src') return 'src';
  return parts.length === 2 ? 'adapters' : `adapters/${parts[1]}`;
}

/** `from -> to` for each relative import from one folder into another, sorted, once each. */
function edgesOf(files: readonly { path: string; source: string }[]): string[] {
  const edges = new Set<string>();
  for (const { path, source } of files) {
    for (const specifier of specifiers(source)) {
      if (!specifier.startsWith('.')) continue;
      const target = relative(ROOT, resolve(ROOT, dirname(path), specifier))
        .split(sep)
        .join('/');
      const [from, to] = [folderOf(path), folderOf(target)];
      if (from !== to) edges.add(`${from} -> ${to}`);
    }
  }
  return [...edges].sort();
}

/** A cycle in `graph` as `a -> b -> a`, or null. */
function cycleIn(graph: Record<string, readonly string[]>): string | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (node: string, path: string[]): string | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'visiting')
      return [...path.slice(path.indexOf(node)), node].join(' -> ');
    state.set(node, 'visiting');
    for (const next of graph[node] ?? []) {
      const cycle = visit(next, [...path, node]);
      if (cycle !== null) return cycle;
    }
    state.set(node, 'done');
    return null;
  };
  for (const node of Object.keys(graph)) {
    const cycle = visit(node, []);
    if (cycle !== null) return cycle;
  }
  return null;
}

describe('the boundaries scanner', () => {
  it('finds relative imports, re-exports and dynamic imports between folders', () => {
    const source = [
      "import { Venue } from '../../src/index.js';",
      "import type { Scenario } from '../csv/index.js';",
      "export { toUnits } from '../units/units.js';",
      "const worker = await import('../output/progress-bar.js');",
      "import { InputError } from '../input-error.js';",
      "import { same } from './same-folder.js';",
      "import fc from 'fast-check';",
      "// import { commented } from '../http/index.js';",
    ].join('\n');
    expect(edgesOf([{ path: 'adapters/replay/example.ts', source }])).toEqual([
      'adapters/replay -> adapters',
      'adapters/replay -> adapters/csv',
      'adapters/replay -> adapters/output',
      'adapters/replay -> adapters/units',
      'adapters/replay -> src',
    ]);
  });

  it('follows the static imports a module loads, not its type imports', () => {
    const files: Record<string, string> = {
      '/m/a.ts': "import { b } from './b.js';\nimport type { C } from './c.js';",
      '/m/b.ts': "export { d } from '../n/d.js';\nimport fc from 'fast-check';",
      '/m/c.ts': "import { e } from './e.js';",
      '/n/d.ts': "import { a } from '../m/a.js';",
    };
    expect(staticClosure(['/m/a.ts'], (path) => files[path]!)).toEqual([
      '/m/a.ts',
      '/m/b.ts',
      '/n/d.ts',
    ]);
  });

  it('finds a cycle', () => {
    expect(cycleIn({ a: ['b'], b: ['c'], c: ['a'], d: [] })).toBe('a -> b -> c -> a');
    expect(cycleIn({ a: ['b', 'c'], b: ['c'], c: [] })).toBeNull();
  });
});

describe('src/ and adapters/', () => {
  const files = ['src', 'adapters'].flatMap((dir) =>
    sourceFiles(resolve(ROOT, dir)).map((file) => ({
      path: relative(ROOT, file).split(sep).join('/'),
      source: readFileSync(file, 'utf8'),
    })),
  );

  it('has every folder in the table', () => {
    const folders = [...new Set(files.map(({ path }) => folderOf(path)))].sort();
    expect(folders).toEqual(Object.keys(ALLOWED).sort());
  });

  it('imports only along the allowed edges', () => {
    const allowed = new Set(
      Object.entries(ALLOWED).flatMap(([from, tos]) => tos.map((to) => `${from} -> ${to}`)),
    );
    expect(edgesOf(files).filter((edge) => !allowed.has(edge))).toEqual([]);
  });

  it('allows no cycle', () => {
    expect(cycleIn(ALLOWED)).toBeNull();
  });
});

describe('docs/architecture.md', () => {
  it('shows the same edge table', () => {
    const page = readFileSync(resolve(ROOT, 'docs/architecture.md'), 'utf8');
    const table = page.slice(page.indexOf('| folder                  | may import from'));
    const documented: Record<string, string[]> = {};
    for (const line of table.split('\n').slice(2)) {
      if (!line.startsWith('|')) break;
      const [folder, imports] = line.split('|').slice(1, 3) as [string, string];
      documented[/`([^`]+)`/.exec(folder)![1]!] = [...imports.matchAll(/`([^`]+)`/g)].map(
        (match) => match[1]!,
      );
    }
    expect(documented).toEqual(ALLOWED);
  });
});
