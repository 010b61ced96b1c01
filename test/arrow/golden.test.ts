import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertFlowFile } from '../../adapters/flow/arrow/index.js';
import { invariantObserver } from '../../adapters/runs/check/invariant-observer.js';
import { readOutputs, replayRun } from '../replay-run.js';

const root = 'scenarios';
const names = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, 'scenario.csv')))
  .map((entry) => entry.name);
const work = mkdtempSync(join(tmpdir(), 'simex-arrow-golden-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The CSV's refusal lines as the Arrow replay writes them: `file: row N` for `file:line`. */
function arrowStderr(csvStderr: string, csvFile: string, arrowFile: string): string {
  const lines = readFileSync(csvFile, 'utf8').split('\n');
  const headerLine = lines.findIndex((line) => line.startsWith('ts,')) + 1;
  return csvStderr.replaceAll(
    new RegExp(`^${csvFile.replaceAll('.', '\\.')}:(\\d+):`, 'gm'),
    (_, line: string) => `${arrowFile}: row ${Number(line) - headerLine}:`,
  );
}

describe('every golden scenario, converted to Arrow, replays to its expected outputs, byte for byte', () => {
  it('has the golden scenarios', () => expect(names.length).toBeGreaterThanOrEqual(11));

  for (const name of names) {
    it(name, async () => {
      const csv = join(root, name, 'scenario.csv');
      const arrow = join(work, `${name}.arrow`);
      await convertFlowFile(csv, arrow);
      expect(readFileSync(arrow).subarray(0, 6).toString('latin1')).toBe('ARROW1');
      const out = join(work, name);
      const { code, stderr, outputs } = await replayRun({
        file: arrow,
        out,
        observe: invariantObserver,
      });
      expect(code).toBe(0);
      const expectedDir = join(root, name, 'expected');
      const stderrFile = join(expectedDir, 'stderr.txt');
      const expected = existsSync(stderrFile) ? readFileSync(stderrFile, 'utf8') : '';
      expect(stderr).toBe(arrowStderr(expected, csv, arrow));
      expect(outputs).toEqual(readOutputs(expectedDir));
    });
  }
});
