/**
 * Starts the worker module `name` that sits beside the caller (`here`, its import.meta.url): the
 * built `.js`, or, when simex runs from its sources (tsx, vitest), the `.ts` through tsx.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function startWorker(here: string, name: string, options: WorkerOptions): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, here), options);
  const entry = JSON.stringify(new URL(`./${name}.ts`, here).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${tsx}).then((tsx) => tsx.tsImport(${entry}, ${entry}))`, {
    ...options,
    eval: true,
  });
}
