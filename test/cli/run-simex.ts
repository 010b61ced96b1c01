import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the built CLI (dist/; `npm run build` first) in the package root. A run past two minutes is
 * killed, so that a hung CLI does not outlive a test that gave up on it.
 */
export function simex(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['dist/adapters/cli/main.js', ...args],
      { cwd: ROOT, maxBuffer: 1 << 26, timeout: 120_000, killSignal: 'SIGKILL' },
      (error, stdout, stderr) =>
        resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
    );
  });
}
