/**
 * One measured phase of `npm run bench:replay`, in its own process so that its peak RSS is its
 * own. Prints {rows, seconds, peakRssMb} as JSON; `seconds` is wall time from opening the file to
 * the last record (csv-parse) or to the replay's end (outputs renamed into place).
 *
 * - `csv-parse`: what a plain user of csv-parse would write to read the file: the default options
 *   (records as arrays of strings) plus `comment: '#'` to skip the directive lines, the file piped
 *   into the parser, records consumed by a 'data' listener that counts them (the cheapest of
 *   'data', 'readable'/read() and for await).
 * - `replay`, `replay-check`: simex replay from the build in dist/ (what the CLI runs), outputs to
 *   a temporary directory, without or with --check.
 * - `replay-summary`: simex replay without --out (the summary on stdout, discarded).
 *
 * Every simex phase runs with V8's inlining budget raised (`deepInlining`), as the CLI runs a flow
 * of DEEP_INLINING_MIN_BYTES or more, at both sizes: the marginal rate is then a long run's.
 */
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { builtUrl, SIMEX_MODULES } from './simex-build.js';

type ReplayModule = typeof import('../../adapters/runs/replay/replay-file.js');
type CheckModule = typeof import('../../adapters/runs/check/invariant-observer.js');

const [phase, file] = process.argv.slice(2);
if (file === undefined)
  throw new Error('usage: replay-phase.ts csv-parse|replay|replay-summary|replay-check FILE');

async function csvParseAlone(path: string): Promise<number> {
  let records = 0;
  await new Promise<void>((resolve, reject) => {
    createReadStream(path)
      .pipe(parse({ comment: '#' }))
      .on('data', () => records++)
      .on('end', resolve)
      .on('error', reject);
  });
  return records - 1; // the header
}

const { replayFile, invariantObserver } =
  phase === 'csv-parse'
    ? { replayFile: null, invariantObserver: null }
    : {
        ...((await import(builtUrl(SIMEX_MODULES.replayFile))) as ReplayModule),
        ...((await import(builtUrl(SIMEX_MODULES.invariantObserver))) as CheckModule),
      };

/** The outputs' directory, removed after the time is taken: removing is not the replay's work. */
const out =
  phase === 'replay' || phase === 'replay-check'
    ? mkdtempSync(join(tmpdir(), 'simex-bench-out-'))
    : null;

async function replay(path: string, check: boolean): Promise<number> {
  if (replayFile === null || invariantObserver === null)
    throw new Error('replayFile is not loaded');
  let stderr = '';
  const code = await replayFile({
    file: path,
    out,
    observe: check ? invariantObserver : null,
    strict: false,
    deepInlining: true,
    stdout: { write: () => true },
    stderr: { write: (text: string) => (stderr += text) },
  });
  if (code !== 0) throw new Error(`replay failed (${code}): ${stderr}`);
  return -1;
}

const started = performance.now();
let rows: number;
let seconds: number;
try {
  rows =
    phase === 'csv-parse'
      ? await csvParseAlone(file)
      : await replay(file, phase === 'replay-check');
  seconds = (performance.now() - started) / 1000;
} finally {
  if (out !== null) rmSync(out, { recursive: true, force: true });
}
/**
 * This process's own peak RSS: Linux's VmHWM. Not `resourceUsage().maxRSS`: Linux carries the
 * maximum over an exec, so a child's figure starts at its parent's RSS at spawn (the bench's
 * parent, which wrote the flows, then weighed on every phase alike).
 */
function ownPeakRssMb(): number {
  const status = existsSync('/proc/self/status') ? readFileSync('/proc/self/status', 'utf8') : '';
  const kilobytes = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
  return (kilobytes === undefined ? process.resourceUsage().maxRSS : Number(kilobytes)) / 1024;
}

const peakRssMb = ownPeakRssMb();
process.stdout.write(JSON.stringify({ rows, seconds, peakRssMb }) + '\n');
