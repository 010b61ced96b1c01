/**
 * What kind of module a strategy file is: TypeScript or not, ES module or CommonJS. The loader and
 * the compiler both ask.
 */
import { readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';

const TYPESCRIPT = new Set(['.ts', '.mts', '.cts']);

export function isTypeScript(file: string): boolean {
  return TYPESCRIPT.has(extname(file));
}

/**
 * Whether Node treats the TypeScript file as an ES module (`.mts`, or `.ts` under a package.json of
 * type module). Others load through tsx's require, whose stack positions map to the .ts source
 * (its import() compiles them to an unmapped data: URL).
 */
export function isEsModule(path: string): boolean {
  if (path.endsWith('.mts')) return true;
  if (path.endsWith('.cts')) return false;
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    let text: string | null = null;
    try {
      text = readFileSync(join(dir, 'package.json'), 'utf8');
    } catch {
      // no package.json here: look further up
    }
    if (text !== null) {
      try {
        return (JSON.parse(text) as { type?: unknown }).type === 'module';
      } catch {
        return false;
      }
    }
    if (dirname(dir) === dir) return false;
  }
}
