/**
 * The files the benches name by path rather than import: simex's build in dist/ (what the CLI and
 * `npm start` run), the phase scripts compiled by tsconfig.bench.json into dist/bench/ (as the
 * build compiles dist/: build.config.js), and the
 * example strategy. A bench runs from its sources (tsx) or compiled into dist/bench/test/bench/;
 * both find the repository root from here. test/bench/bench-scripts.test.ts checks that every
 * source named here exists and runs the phase scripts at a tiny scale.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(
  new URL(import.meta.url.includes('/dist/bench/') ? '../../../../' : '../../', import.meta.url),
);

/** Source modules whose build the benches load or run. */
export const SIMEX_MODULES = {
  cli: 'adapters/cli/main.ts',
  httpServer: 'adapters/server/http/server.ts',
  replayFile: 'adapters/runs/replay/replay-file.ts',
  invariantObserver: 'adapters/runs/check/invariant-observer.ts',
  l2: 'adapters/flow/l2/index.ts',
  backtest: 'adapters/runs/backtest/index.ts',
} as const;

/** Bench scripts run as compiled JavaScript in a process of their own (tsconfig.bench.json). */
export const PHASE_SCRIPTS = {
  core: 'test/bench/core-bench.ts',
  replay: 'test/bench/replay-phase.ts',
  import: 'test/bench/import-phase.ts',
} as const;

/** The example market maker the backtest benches run. */
export const MAKER_STRATEGY = join(ROOT, 'scenarios/strategies/market-maker.ts');

/** The absolute path of a source module's build in dist/. */
export function built(source: (typeof SIMEX_MODULES)[keyof typeof SIMEX_MODULES]): string {
  return join(ROOT, 'dist', source.replace(/\.ts$/, '.js'));
}

/** `built`, as a URL for import(). */
export function builtUrl(source: (typeof SIMEX_MODULES)[keyof typeof SIMEX_MODULES]): string {
  return pathToFileURL(built(source)).href;
}

/** Compiles the phase scripts and src/ into dist/bench/ as the build compiles dist/ (build.config.js). */
export function compilePhaseScripts(): void {
  const build = join(ROOT, 'build.config.js');
  execFileSync(process.execPath, [build, join(ROOT, 'tsconfig.bench.json')], { stdio: 'inherit' });
}

/** The absolute path of a phase script compiled into dist/bench/. */
export function compiled(source: (typeof PHASE_SCRIPTS)[keyof typeof PHASE_SCRIPTS]): string {
  return join(ROOT, 'dist/bench', source.replace(/\.ts$/, '.js'));
}

/** The node flags of simex's bin (its `#!` line), which `npx simex` runs with. */
export function binNodeFlags(): string[] {
  return (
    /^#!.*\bnode((?: --[^ ]+)*)$/m
      .exec(readFileSync(built(SIMEX_MODULES.cli), 'utf8'))?.[1]
      ?.trim()
      .split(' ')
      .filter((flag) => flag !== '') ?? []
  );
}
