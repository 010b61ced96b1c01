import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { invariantObserver } from '../../adapters/check/invariant-observer.js';
import { runPropertyCheck } from '../../adapters/check/property-check.js';
import { replayFile } from '../../adapters/replay/replay-file.js';
import type { OrderRequest, Venue } from '../../src/index.js';

const seed = process.env.CI ? 20260105 : Date.now() >>> 0;
const work = mkdtempSync(join(tmpdir(), 'simex-check-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A matcher that forgets limit prices: a limit order that would trade on arrival is matched like
 * a market order, so it may walk past its limit. Injected through the venue's public API.
 */
function breakMatcher(venue: Venue): void {
  const placeOrder = venue.placeOrder.bind(venue);
  venue.placeOrder = (request: OrderRequest) => {
    const book = venue.orderBook(request.symbol, 1);
    const best = book.ok
      ? (request.side === 'buy' ? book.value.asks : book.value.bids)[0]
      : undefined;
    if (request.type !== 'limit' || request.postOnly === true || best === undefined)
      return placeOrder(request);
    const crosses =
      request.side === 'buy'
        ? units(best[0]) <= units(request.price!)
        : units(best[0]) >= units(request.price!);
    return placeOrder(
      crosses
        ? {
            account: request.account,
            symbol: request.symbol,
            side: request.side,
            type: 'market',
            size: request.size,
          }
        : request,
    );
  };
}

function units(price: string): bigint {
  const [whole = '', fraction = ''] = price.split('.');
  return BigInt(whole + fraction.padEnd(8, '0'));
}

describe('simex check', () => {
  it(`keeps every invariant over generated flows (seed ${seed})`, async () => {
    const report = await runPropertyCheck({ runs: 150, seed, maxEvents: 60, outDir: work });
    expect(report, `seed ${seed}`).toMatchObject({ ok: true, runs: 150 });
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
