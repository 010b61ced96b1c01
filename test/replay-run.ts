/** Replaying a file as `simex replay` does, in this process, and collecting what it says. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replayFile, type ReplayFileOptions } from '../adapters/runs/replay/replay-file.js';

export interface ReplayRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Each file the replay left in `out`, by name in name order; empty without `out`. */
  readonly outputs: Record<string, string>;
}

/** `replayFile`'s options; by default no `out`, no observer, not strict. */
export type ReplayRunOptions = Pick<ReplayFileOptions, 'file'> &
  Partial<Omit<ReplayFileOptions, 'file' | 'stdout' | 'stderr'>>;

/** Replays `options.file`: its exit code, its stdout and stderr, and the files it wrote. */
export async function replayRun(options: ReplayRunOptions): Promise<ReplayRun> {
  let stdout = '';
  let stderr = '';
  const out = options.out ?? null;
  const code = await replayFile({
    out,
    observe: null,
    strict: false,
    ...options,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  const names = out !== null && existsSync(out) ? readdirSync(out).sort() : [];
  const outputs = Object.fromEntries(
    names.map((name) => [name, readFileSync(join(out!, name), 'utf8')]),
  );
  return { code, stdout, stderr, outputs };
}

/** The four files `simex replay --out` writes, in name order. */
export const REPLAY_OUTPUTS = ['book.json', 'orders.csv', 'ticker.json', 'trades.csv'] as const;

/** The replay outputs kept in `dir` (a golden scenario's `expected/`), by name. */
export function readOutputs(dir: string): Record<string, string> {
  return Object.fromEntries(
    REPLAY_OUTPUTS.map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );
}
