import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { invariantObserver } from '../../adapters/runs/check/invariant-observer.js';
import { readOutputs, replayRun } from '../replay-run.js';

const root = 'scenarios';
const names = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'scenario.csv')))
  .map((entry) => entry.name);
const work = mkdtempSync(join(tmpdir(), 'simex-scenarios-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('hand-written scenarios replay to their expected outputs, byte for byte', () => {
  it('has at least the eleven behaviours of the issue', () => {
    expect(names.length).toBeGreaterThanOrEqual(11);
  });

  for (const name of names) {
    it(name, async () => {
      const file = join(root, name, 'scenario.csv');
      expect(readFileSync(file, 'utf8')).toMatch(/^# shows: \S/);
      const out = join(work, name);
      const { code, stderr, outputs } = await replayRun({ file, out, observe: invariantObserver });
      expect(code).toBe(0);
      const expectedDir = join(root, name, 'expected');
      const stderrFile = join(expectedDir, 'stderr.txt');
      expect(stderr).toBe(existsSync(stderrFile) ? readFileSync(stderrFile, 'utf8') : '');
      expect(outputs).toEqual(readOutputs(expectedDir));
    });
  }
});
