import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ChildServer {
  readonly process: ChildProcess;
  readonly url: string;
  /** Every stdout line so far (the start-up lines first). */
  readonly stdout: string[];
  readonly stderr: string[];
  readonly exited: Promise<number | null>;
}

/** Spawns `simex serve` (the TypeScript through tsx) and resolves once it prints its URL; killed after the file's tests. */
export function useChildServers(): (
  args: readonly string[],
  env?: NodeJS.ProcessEnv,
) => Promise<ChildServer> {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return async (args, env = {}) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'adapters/cli/main.ts', 'serve', ...args],
      {
        cwd: ROOT,
        env: { ...withoutSimexSettings(process.env), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push(child);
    const stdout: string[] = [];
    const stderr: string[] = [];
    createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        stdout.push(line);
        const match = /^simex listening on (http:\/\/\S+)$/.exec(line);
        if (match !== null) resolve(match[1]!);
      });
      void exited.then((code) =>
        reject(new Error(`serve exited with ${code}: ${stderr.join('\n')}`)),
      );
    });
    return { process: child, url, stdout, stderr, exited };
  };
}

function withoutSimexSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('SIMEX_')));
}
