import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LISTENING = /^simex listening on (http:\/\/\S+)$/;

export interface ChildServer {
  readonly process: ChildProcess;
  readonly url: string;
  /** Every stdout line so far (the start-up lines first). */
  readonly stdout: string[];
  readonly stderr: string[];
  readonly exited: Promise<number | null>;
  /** Resolves with the first line of `stream` matching `pattern`, printed already or later. */
  line(stream: 'stdout' | 'stderr', pattern: RegExp): Promise<string>;
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
    const child = spawnServe(args, env);
    children.push(child.process);
    const url = await Promise.race([
      child.line('stdout', LISTENING).then((line) => LISTENING.exec(line)![1]!),
      child.exited.then((code) => {
        throw new Error(`serve exited with ${code}: ${child.stderr.join('\n')}`);
      }),
    ]);
    return { ...child, url };
  };
}

/** Runs `simex serve` that must refuse to start: its exit code and output lines. */
export async function runServeToExit(
  args: readonly string[],
): Promise<{ code: number | null; stdout: string[]; stderr: string[] }> {
  const child = spawnServe(args, {});
  void child.line('stdout', LISTENING).then(() => child.process.kill('SIGKILL'));
  const code = await child.exited;
  return { code, stdout: child.stdout, stderr: child.stderr };
}

function spawnServe(args: readonly string[], env: NodeJS.ProcessEnv): Omit<ChildServer, 'url'> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'adapters/cli/main.ts', 'serve', ...args],
    {
      cwd: ROOT,
      env: { ...withoutSimexSettings(process.env), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines = { stdout: [] as string[], stderr: [] as string[] };
  const waiting: Array<{
    stream: 'stdout' | 'stderr';
    pattern: RegExp;
    resolve: (line: string) => void;
  }> = [];
  for (const stream of ['stdout', 'stderr'] as const) {
    createInterface({ input: child[stream] }).on('line', (line) => {
      lines[stream].push(line);
      for (const wait of waiting.filter((w) => w.stream === stream && w.pattern.test(line))) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve(line);
      }
    });
  }
  // 'close', not 'exit': every line of its output has been read by then.
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => resolve(code)),
  );
  const line = (stream: 'stdout' | 'stderr', pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const seen = lines[stream].find((text) => pattern.test(text));
      if (seen === undefined) waiting.push({ stream, pattern, resolve });
      else resolve(seen);
    });
  return { process: child, ...lines, exited, line };
}

function withoutSimexSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('SIMEX_')));
}
