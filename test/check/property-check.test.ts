import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { invariantObserver } from '../../adapters/runs/check/invariant-observer.js';
import { runPropertyCheck } from '../../adapters/runs/check/property-check.js';
import { replayFile } from '../../adapters/runs/replay/replay-file.js';
import {
  ACTION_NEW,
  FLAG_POST_ONLY,
  SIDE_BUY,
  TIF_IOC,
  TYPE_LIMIT,
  TYPE_MARKET,
  type Ticks,
  type Venue,
} from '../../src/index.js';
import { simex } from '../cli/run-simex.js';
import { fcRuns, fcSeed } from '../fast-check-seed.js';

const seed = fcSeed(20260105);
const runs = fcRuns(150);
const work = mkdtempSync(join(tmpdir(), 'simex-check-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A matcher that forgets limit prices: a limit order that would trade on arrival is matched like
 * a market order, so it may walk past its limit. Injected where the rows' new orders enter the
 * core (venue.core.submit), judged by the venue's public book query.
 */
function breakMatcher(venue: Venue): void {
  const { core } = venue;
  const submit = core.submit.bind(core);
  core.submit = (command) => {
    const { action, book, side, type, flags } = command;
    if (action !== ACTION_NEW) return submit(command);
    const query = venue.orderBookTicks(venue.instruments()[book]!.symbol, 1);
    const best = query.ok
      ? (side === SIDE_BUY ? query.value.asks : query.value.bids)[0]?.[0]
      : undefined;
    const crosses =
      type === TYPE_LIMIT &&
      flags !== FLAG_POST_ONLY &&
      best !== undefined &&
      (side === SIDE_BUY ? best <= command.price : best >= command.price);
    if (crosses) {
      command.type = TYPE_MARKET;
      command.timeInForce = TIF_IOC;
      command.price = 0 as Ticks;
    }
    return submit(command);
  };
}

describe('simex check', () => {
  it(`keeps every invariant over generated flows (seed ${seed})`, async () => {
    const report = await runPropertyCheck({ runs, seed, maxEvents: 60, outDir: work });
    expect(report, `seed ${seed}`).toMatchObject({ ok: true, runs });
  });

  it('shrinks a broken matcher to a small scenario that replay --check reproduces', async () => {
    const report = await runPropertyCheck({
      runs: 300,
      seed: 7,
      maxEvents: 60,
      outDir: work,
      prepareVenue: breakMatcher,
    });
    if (report.ok) throw new Error('the broken matcher went unnoticed');
    expect(report.path).toBe(join(work, 'simex-check-seed-7.csv'));
    expect(report.rows).toBe(3);
    expect(report.violation?.invariant).toBe(4);
    const text = readFileSync(report.path, 'utf8');
    expect(text).toMatch(/^# shows: a counterexample found by simex check --seed 7\n/);
    let stderr = '';
    const replay = (prepareVenue?: (venue: Venue) => void) =>
      replayFile({
        file: report.path,
        out: null,
        observe: invariantObserver,
        strict: false,
        stdout: { write: () => true },
        stderr: { write: (chunk: string) => (stderr += chunk) },
        ...(prepareVenue === undefined ? {} : { prepareVenue }),
      });
    expect(await replay(breakMatcher)).toBe(3);
    expect(stderr).toBe(
      `${report.path}:${report.violation!.line}: invariant 4 violated: ${report.violation!.message}\n`,
    );
    expect(stderr).toMatch(/beyond the taker's limit/);
    expect(await replay()).toBe(0);
  });
});

describe('simex check --seed', () => {
  it('is fixed by default: the same flows on every run; "random" draws a fresh one', async () => {
    const args = ['check', '--runs', '3', '--events', '5', '--out', work];
    const [first, second, random, bad] = await Promise.all([
      simex(...args),
      simex(...args),
      simex(...args, '--seed', 'random'),
      simex(...args, '--seed', '1.5'),
    ]);
    expect(first).toEqual({
      code: 0,
      stdout: '3 flows kept every invariant (seed 1)\n',
      stderr: '',
    });
    expect(second).toEqual(first);
    expect(random.code).toBe(0);
    expect(random.stdout).toMatch(/^3 flows kept every invariant \(seed [0-9]+\)\n$/);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^simex check: --seed must be an integer or "random", got "1.5"\n/);
  });
});
