/**
 * The build's bin runs as a program: `npm run build` writes dist/ anew, and tsc writes files
 * without the execute bit, so `npx simex` in a clone failed with "Permission denied" after any
 * rebuild. Needs the build in dist/ (npm test builds first).
 */
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { bin, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  bin: { simex: string };
  version: string;
};

describe('the built bin', () => {
  it('is executable by its owner, group and others', () => {
    expect(statSync(join(ROOT, bin.simex)).mode & 0o777).toBe(0o755);
  });

  it('runs by its path, through its #! line', async () => {
    const { stdout } = await run(join(ROOT, bin.simex), ['--version'], { cwd: ROOT });
    expect(stdout.trim()).toBe(version);
  });

  it('runs as `npx simex` in the clone', async () => {
    const { stdout } = await run('npx', ['--offline', 'simex', '--version'], { cwd: ROOT });
    expect(stdout.trim()).toBe(version);
  });
});
