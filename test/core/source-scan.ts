/** Reading the project's own source for the purity and boundaries tests. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

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
