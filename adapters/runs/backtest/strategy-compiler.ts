/**
 * A sweep's `.ts` strategy compiled once, by the main thread, into one JavaScript module in a
 * temporary directory that every worker imports natively, instead of each worker loading it
 * through tsx (a loader thread per worker, every later import through it). esbuild (which tsx
 * runs too) bundles the strategy's own modules, leaves its packages to be imported from where the
 * strategy would import them, and writes an inline source map, so that stack positions name the
 * .ts source.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { removeOnInterrupt } from '../../interrupt-cleanup.js';
import { isEsModule, isTypeScript } from './strategy-module-kind.js';

export interface CompiledStrategy {
  /** The JavaScript module's path. */
  readonly file: string;
  /** Deletes it. */
  remove(): void;
}

/**
 * Null for a .js strategy, without esbuild (an optional dependency, as tsx), or when the module
 * does not compile (or nothing can be written): importing the source through tsx then reports
 * why. `use` names the temporary directory (`simex-<use>-...`), so that each user's can be told
 * apart.
 */
export async function compileStrategy(
  file: string,
  use: 'strategy' | 'backtest-strategy' = 'strategy',
): Promise<CompiledStrategy | null> {
  if (!isTypeScript(file)) return null;
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return null;
  }
  const source = resolve(file);
  const esm = isEsModule(source);
  let dir: string;
  try {
    dir = mkdtempSync(join(tmpdir(), `simex-${use}-`));
  } catch {
    return null;
  }
  const compiled = join(dir, esm ? 'strategy.mjs' : 'strategy.cjs');
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const forget = removeOnInterrupt(removeDir);
  const remove = () => {
    forget();
    removeDir();
  };
  try {
    await esbuild.build({
      entryPoints: [source],
      outfile: compiled,
      bundle: true,
      format: esm ? 'esm' : 'cjs',
      platform: 'node',
      target: `node${process.versions.node}`,
      sourcemap: 'inline',
      sourcesContent: false,
      logLevel: 'silent',
      plugins: [packagesInPlace(esm)],
    });
  } catch {
    remove();
    return null;
  }
  return { file: compiled, remove };
}

const RESOLVING = Symbol('resolving');

/** Packages stay imports, by absolute path: resolved from the strategy's directory, not the temp one. */
function packagesInPlace(esm: boolean): Plugin {
  return {
    name: 'packages-in-place',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === RESOLVING || isBuiltin(args.path)) return undefined;
        const { kind, resolveDir, importer } = args;
        const found = await build.resolve(args.path, {
          kind,
          resolveDir,
          importer,
          pluginData: RESOLVING,
        });
        if (found.errors.length > 0 || found.external) return { path: args.path, external: true };
        return { path: esm ? pathToFileURL(found.path).href : found.path, external: true };
      });
    },
  };
}
