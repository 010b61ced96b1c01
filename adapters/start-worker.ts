/**
 * Starts the worker module `name` that sits beside the caller (`here`, its import.meta.url): the
 * built `.js`, or, when simex runs from its sources (tsx, vitest), the `.ts` through tsx.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startWorker(here: string, name: string, options: WorkerOptions): Worker {
  const execArgv = workerExecArgv(process.execArgv);
  const inherited = execArgv === undefined ? {} : { execArgv };
  if (!here.endsWith('.ts'))
    return new Worker(new URL(`./${name}.js`, here), { ...inherited, ...options });
  const entry = JSON.stringify(new URL(`./${name}.ts`, here).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then((tsx) => tsx.tsImport(${entry}, ${entry}))`, {
    ...inherited,
    ...options,
    eval: true,
  });
}

/** The options of a script given on the command line (`node --input-type=module -e CODE`). */
const SCRIPT_OPTIONS = ['--input-type', '-e', '--eval', '-p', '--print'];

/**
 * The node options a worker starts with, from this process's `execArgv`: undefined, which makes
 * the worker take this process's own, unless they give a script on the command line, which a
 * worker refuses (with `--input-type`, it fails to load its module); then none, as simex's workers
 * need none.
 */
export function workerExecArgv(execArgv: readonly string[]): string[] | undefined {
  return execArgv.some((option) => SCRIPT_OPTIONS.includes(option.split('=', 1)[0]!))
    ? []
    : undefined;
}
