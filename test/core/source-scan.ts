/** Reading the project's own source for the purity and boundaries tests. */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, posix, resolve } from 'node:path';

/** The module a static import, an export-from, a dynamic import or a require names. */
const MODULE_SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;

/** The module an import or export-from loads when its module loads (not `import type`, not `import()`). */
const STATIC_SPECIFIER =
  /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s*)?['"]([^'"]+)['"]/gm;

/** Source text without comments, so that prose about Math.random does not count. */
export function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"\\])\/\/.*$/gm, '$1');
}

/** The module specifiers `source` imports, in order. */
export function specifiers(source: string): string[] {
  return [...withoutComments(source).matchAll(MODULE_SPECIFIER)].map(([, specifier]) => specifier!);
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.[cm]?[jt]s$/.test(entry.name) ? [path] : [];
  });
}

/** The module specifiers `source` loads statically, in order. */
export function staticSpecifiers(source: string): string[] {
  return [...withoutComments(source).matchAll(STATIC_SPECIFIER)].map(([, specifier]) => specifier!);
}

const FORBIDDEN_CALLS: [RegExp, string][] = [
  [/\bDate\s*\.\s*now\b/, 'reads Date.now'],
  [/\bnew\s+Date\s*\(\s*\)/, 'reads the time with new Date()'],
  [/\bMath\s*\.\s*random\b/, 'calls Math.random'],
  [/\bperformance\s*\.\s*now\b/, 'reads performance.now'],
  [/\bset(?:Timeout|Interval|Immediate)\s*\(/, 'sets a timer'],
];

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0] ?? '');
}

/** What in `source` reads the wall clock, sets a timer or draws randomness. */
export function clockAndRandomness(source: string): string[] {
  const code = withoutComments(source);
  return FORBIDDEN_CALLS.filter(([pattern]) => pattern.test(code)).map(([, problem]) => problem);
}

/** What in `source` is impure: node modules, the wall clock, timers, randomness. */
export function impurities(source: string): string[] {
  const imports = specifiers(source).filter(isNodeBuiltin);
  return [...imports.map((specifier) => `imports ${specifier}`), ...clockAndRandomness(source)];
}

/**
 * The files `entries` load when they load (static, non-type imports of relative modules, followed
 * to the end; a `.js` specifier names its `.ts` source), the entries first, each once.
 */
export function staticClosure(
  entries: readonly string[],
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): string[] {
  const seen = new Set<string>();
  const visit = (path: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const specifier of staticSpecifiers(read(path))) {
      if (specifier.startsWith('.'))
        visit(resolve(dirname(path), specifier).replace(/\.js$/, '.ts'));
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

/**
 * File -> the files among `paths` it loads statically (see `staticClosure`), for finding cycles of
 * imports that carry values: a type import is erased, so it makes no cycle.
 */
export function staticImportGraph(
  paths: readonly string[],
  read: (path: string) => string,
): Record<string, string[]> {
  const known = new Set(paths);
  return Object.fromEntries(
    paths.map((path) => [
      path,
      staticSpecifiers(read(path))
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => posix.join(posix.dirname(path), specifier).replace(/\.js$/, '.ts'))
        .filter((target) => known.has(target)),
    ]),
  );
}
