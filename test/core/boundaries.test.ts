/**
 * The folders' import boundaries: which folder may import from which (see docs/architecture.md).
 * A new edge fails until it is added here on purpose; the table itself must stay free of cycles.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles, specifiers, staticClosure, staticImportGraph } from './source-scan.js';

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
  'adapters/flow': ['src', 'adapters'],
  'adapters/flow/csv': ['src', 'adapters', 'adapters/flow'],
  'adapters/flow/driver': ['src', 'adapters', 'adapters/flow'],
  'adapters/flow/arrow': ['src', 'adapters', 'adapters/flow', 'adapters/flow/csv'],
  'adapters/flow/lobster': ['src', 'adapters', 'adapters/flow', 'adapters/flow/arrow'],
  'adapters/flow/l2': ['src', 'adapters', 'adapters/flow/arrow', 'adapters/flow/lobster'],
  'adapters/runs/replay': [
    'src',
    'adapters',
    'adapters/flow',
    'adapters/flow/arrow',
    'adapters/flow/csv',
    'adapters/flow/driver',
    'adapters/output',
    'adapters/units',
  ],
  'adapters/runs/check': [
    'src',
    'adapters/flow',
    'adapters/flow/csv',
    'adapters/runs/replay',
    'adapters/units',
  ],
  'adapters/runs/generate': [
    'src',
    'adapters/flow',
    'adapters/flow/arrow',
    'adapters/flow/driver',
    'adapters/units',
  ],
  'adapters/runs/backtest': [
    'src',
    'adapters',
    'adapters/flow',
    'adapters/flow/arrow',
    'adapters/flow/driver',
    'adapters/flow/l2',
    'adapters/output',
    'adapters/runs/backtest/sweep',
    'adapters/units',
  ],
  'adapters/runs/backtest/sweep': [
    'adapters',
    'adapters/flow',
    'adapters/flow/csv',
    'adapters/output',
    'adapters/units',
  ],
  'adapters/runs/backtest/init': [],
  'adapters/server/market': [
    'src',
    'adapters',
    'adapters/flow',
    'adapters/flow/arrow',
    'adapters/flow/csv',
    'adapters/flow/driver',
    'adapters/units',
  ],
  'adapters/server/binance': ['src', 'adapters', 'adapters/units'],
  'adapters/server/http': [
    'src',
    'adapters',
    'adapters/flow',
    'adapters/flow/csv',
    'adapters/flow/driver',
    'adapters/output',
    'adapters/server/binance',
    'adapters/server/market',
    'adapters/units',
  ],
  'adapters/cli': [
    'adapters',
    'adapters/flow',
    'adapters/flow/arrow',
    'adapters/flow/l2',
    'adapters/flow/lobster',
    'adapters/runs/backtest',
    'adapters/runs/backtest/init',
    'adapters/runs/backtest/sweep',
    'adapters/runs/check',
    'adapters/runs/generate',
    'adapters/runs/replay',
    'adapters/server/http',
    'adapters/server/market',
  ],
};

/**
 * The folder a file (relative to the root, `/`-separated) belongs to: the deepest folder of the
 * table that holds it; a file under no listed folder names its own (which then fails the listing).
 */
function folderOf(path: string): string {
  const parts = path.split('/');
  if (parts[0] === 'src') return 'src';
  if (parts.length === 2) return 'adapters';
  const holders = Object.keys(ALLOWED).filter(
    (folder) => folder !== 'adapters' && path.startsWith(`${folder}/`),
  );
  if (holders.length === 0) return parts.slice(0, -1).join('/');
  return holders.reduce((deepest, folder) => (folder.length > deepest.length ? folder : deepest));
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
  it('finds relative imports, re-exports and dynamic imports between folders, the deepest listed one', () => {
    const source = [
      "import { Venue } from '../../../src/index.js';",
      "import type { Scenario } from '../../flow/csv/index.js';",
      "export { toUnits } from '../../units/units.js';",
      "const worker = await import('../../output/progress-bar.js');",
      "import { InputError } from '../../input-error.js';",
      "import { same } from './same-folder.js';",
      "import { deeper } from './latency/deeper.js';",
      "import { nested } from './sweep/grid.js';",
      "import fc from 'fast-check';",
      "// import { commented } from '../../server/http/index.js';",
    ].join('\n');
    expect(edgesOf([{ path: 'adapters/runs/backtest/example.ts', source }])).toEqual([
      'adapters/runs/backtest -> adapters',
      'adapters/runs/backtest -> adapters/flow/csv',
      'adapters/runs/backtest -> adapters/output',
      'adapters/runs/backtest -> adapters/runs/backtest/sweep',
      'adapters/runs/backtest -> adapters/units',
      'adapters/runs/backtest -> src',
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

  it('finds a file-level cycle through static imports, not through type imports', () => {
    const files: Record<string, string> = {
      '/m/a.ts': "import { b } from './b.js';",
      '/m/b.ts': "export { c } from '../n/c.js';",
      '/n/c.ts': "import { a } from '../m/a.js';\nimport fc from 'fast-check';",
      '/m/d.ts': "import type { A } from './a.js';",
      '/m/e.ts': "import { d } from './d.js';",
    };
    const graph = staticImportGraph(Object.keys(files), (path) => files[path]!);
    expect(cycleIn(graph)).toBe('/m/a.ts -> /m/b.ts -> /n/c.ts -> /m/a.ts');
    files['/n/c.ts'] = "import type { A } from '../m/a.js';";
    files['/m/a.ts'] += "\nimport { e } from './e.js';";
    expect(cycleIn(staticImportGraph(Object.keys(files), (path) => files[path]!))).toBeNull();
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

  it('has no file-level cycle of static imports', () => {
    const paths = files.map(({ path }) => path);
    const sources = new Map(files.map(({ path, source }) => [path, source]));
    expect(cycleIn(staticImportGraph(paths, (path) => sources.get(path)!))).toBeNull();
  });
});

describe('docs/architecture.md', () => {
  it('shows the same edge table', () => {
    const page = readFileSync(resolve(ROOT, 'docs/architecture.md'), 'utf8');
    const table = page.slice(page.search(/\| folder +\| may import from/));
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
