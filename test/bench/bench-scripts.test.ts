/**
 * The bench scripts still find what they run: every `npm run bench*` script's file, the sources
 * they name by path (simex-build.ts), the sibling scripts they start, and the phase scripts,
 * which run here from their sources at a tiny scale against simex's build in dist/ (`npm test`
 * builds it first). A module moved without its bench fails here, not on the next bench run.
 */
import { execFile, spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowInstruments } from '../../adapters/runs/generate/flow-instruments.js';
import { writeFlow } from '../../adapters/runs/generate/write-flow.js';
import { built, MAKER_STRATEGY, PHASE_SCRIPTS, ROOT, SIMEX_MODULES } from './simex-build.js';

const run = promisify(execFile);
const BENCH = join(ROOT, 'test/bench');

/** `node --import tsx script args` from the repository root: its stdout. */
async function tsx(script: string, args: readonly string[], node: string[] = []): Promise<string> {
  const { stdout } = await run(process.execPath, [...node, '--import', 'tsx', script, ...args], {
    cwd: ROOT,
    timeout: 15_000,
  });
  return stdout;
}

describe('the bench scripts', () => {
  it('name files that exist: their entries, the sources they load, the scripts they start', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    const benches = Object.entries(scripts).filter(([name]) => name.startsWith('bench'));
    expect(benches.length).toBeGreaterThanOrEqual(9);
    for (const [name, command] of benches) {
      const entry = /test\/bench\/[\w-]+\.ts/.exec(command)?.[0];
      expect(entry, name).toBeDefined();
      expect(existsSync(join(ROOT, entry!)), `${name}: ${entry}`).toBe(true);
    }
    for (const source of Object.values(SIMEX_MODULES))
      expect(existsSync(join(ROOT, source)), source).toBe(true);
    expect(existsSync(MAKER_STRATEGY)).toBe(true);
    const benchConfig = JSON.parse(readFileSync(join(ROOT, 'tsconfig.bench.json'), 'utf8')) as {
      include: string[];
    };
    for (const source of Object.values(PHASE_SCRIPTS)) {
      expect(existsSync(join(ROOT, source)), source).toBe(true);
      expect(benchConfig.include, 'tsconfig.bench.json compiles it').toContain(source);
    }
    // Sibling scripts started by their bare name ('stream-bench-server.ts').
    for (const file of readdirSync(BENCH).filter((name) => name.endsWith('.ts'))) {
      const text = readFileSync(join(BENCH, file), 'utf8');
      for (const [, sibling] of text.matchAll(/'([\w-]+\.ts)'/g))
        expect(existsSync(join(BENCH, sibling!)), `${file}: ${sibling}`).toBe(true);
    }
  });

  describe('run at a tiny scale', () => {
    let work: string;
    let flow: string;

    beforeAll(async () => {
      if (!existsSync(built(SIMEX_MODULES.cli)))
        throw new Error('dist/ is missing: run `npm run build` (npm test does) first');
      work = mkdtempSync(join(tmpdir(), 'simex-bench-scripts-'));
      flow = join(work, 'flow.csv');
      const out = createWriteStream(flow);
      const instruments = flowInstruments(['BTC-USD', 'ETH-USD']);
      const options = { seed: 42, events: 200, instruments, start: 0, meanIntervalMs: 100 };
      await writeFlow({ ...options, accounts: 5 }, out, 'csv');
      out.end();
      await finished(out);
    });
    afterAll(() => rmSync(work, { recursive: true, force: true }));

    it('bench:replay: its phases read the flow and replay it with the checker', async () => {
      const phase = join(ROOT, PHASE_SCRIPTS.replay);
      const [parsed, checked] = await Promise.all([
        tsx(phase, ['csv-parse', flow]),
        tsx(phase, ['replay-check', flow]),
      ]);
      expect(JSON.parse(parsed)).toMatchObject({ rows: 200 });
      expect(JSON.parse(checked)).toHaveProperty('seconds');
    });

    it('bench:import: its generator and its phases import a Tardis book', async () => {
      const book = join(work, 'incremental_book_L2.csv');
      await tsx(join(BENCH, 'import-bench.ts'), ['--generate', book, '--rows', '50']);
      const phase = join(ROOT, PHASE_SCRIPTS.import);
      const [parsed, imported] = await Promise.all([
        tsx(phase, ['csv-parse', book]),
        tsx(phase, ['import-arrow', book]),
      ]);
      expect(JSON.parse(parsed)).toMatchObject({ rows: 400 }); // the generator's seeded book lines
      expect(JSON.parse(imported)).toMatchObject({ rows: 400 });
    });

    it('bench: one engine measured in its own process', async () => {
      const args = ['--scale=0.0001', '--engine=numeric', '--depth=5'];
      const times = await tsx(join(ROOT, PHASE_SCRIPTS.core), args, ['--expose-gc']);
      expect(JSON.parse(times)).toHaveProperty('bytesPerOrder');
    });

    it('bench:http: its servers start from the build and print their URLs', async () => {
      const servers = spawn(
        process.execPath,
        ['--import', 'tsx', join(BENCH, 'http-bench-servers.ts')],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const exited = new Promise((resolve) => servers.once('exit', resolve));
      let output = '';
      const firstLine = await new Promise<string>((resolve, reject) => {
        servers.once('exit', (code) => reject(new Error(`servers exited ${code}: ${output}`)));
        servers.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('\n')) resolve(output.slice(0, output.indexOf('\n')));
        });
      });
      servers.kill();
      await exited;
      expect(firstLine).toMatch(/^\{.*http:\/\/127\.0\.0\.1:\d+/);
    });
  });
});
