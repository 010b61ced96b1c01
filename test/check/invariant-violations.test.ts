import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { invariantObserver } from '../../adapters/runs/check/invariant-observer.js';
import { coreProblemInvariant } from '../../adapters/runs/check/state-comparisons.js';
import {
  ACTION_NEW,
  ACTION_REDUCE,
  SIDE_BUY,
  TIF_IOC,
  TYPE_MARKET,
  STATUS_CANCELLED,
  type CoreListener,
  type Lots,
  type OrderCommand,
  type Ticks,
  type Units,
  type Venue,
} from '../../src/index.js';
import { replayRun } from '../replay-run.js';

const work = mkdtempSync(join(tmpdir(), 'simex-violations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Line 1 the instrument, line 2 the header, rows from line 3; `T+n` is n ms after the start. */
function scenario(...rows: string[]): string {
  const start = Date.UTC(2026, 0, 5, 9, 30);
  return (
    '# instrument symbol=BTC-USD tick_size=0.5 lot_size=0.01\n' +
    'ts,action,id,account,symbol,side,type,price,size,time_in_force,post_only\n' +
    rows
      .map((row) => row.replace(/^T\+(\d+)/, (_, ms: string) => String(start + Number(ms))))
      .join('\n') +
    '\n'
  );
}

const sell = (id: string, price: string, size: string, at = 0) =>
  `T+${at},new,${id},alice,BTC-USD,sell,limit,${price},${size},gtc,`;
const buy = (id: string, price: string, size: string, at = 0) =>
  `T+${at},new,${id},bob,BTC-USD,buy,limit,${price},${size},gtc,`;

async function replayChecked(
  text: string,
  breakVenue: (venue: Venue) => void,
  checkEvery?: number,
): Promise<{ code: number; stderr: string }> {
  const file = join(work, 'flow.csv');
  writeFileSync(file, text);
  const { code, stderr } = await replayRun({
    file,
    observe: (venue) => invariantObserver(venue, checkEvery),
    prepareVenue: breakVenue,
  });
  return { code, stderr: stderr.replaceAll(file, 'F') };
}

/**
 * The checker listens to the core's events after `prepareVenue`: it listens through the handlers
 * `rewrite` gives (each default passes the event on unchanged).
 */
function rewriteEvents(
  venue: Venue,
  rewrite: (listener: Required<CoreListener>) => CoreListener,
): void {
  const { core } = venue;
  const listen = core.listen.bind(core);
  core.listen = (listener) => {
    const model = listener as Required<CoreListener>;
    return listen({
      onTrade: (event) => model.onTrade(event),
      onOrder: (event) => model.onOrder(event),
      onLevel: (event) => model.onLevel(event),
      ...rewrite(model),
    });
  };
}

/** Plain rows reach the core as commands: `change` rewrites each before the core runs it. */
function rewriteCommands(venue: Venue, change: (command: OrderCommand) => void): void {
  const { core } = venue;
  const submit = core.submit.bind(core);
  core.submit = (command) => (change(command), submit(command));
}

const DAY = 86_400_000;

describe('replay --check reports each broken invariant at the row that broke it (exit 3)', () => {
  it('1: a driver that sends a crossing buy below the ask, so it rests crossed', async () => {
    const result = await replayChecked(
      scenario(sell('s1', '101.0', '1'), buy('b1', '102.0', '1')),
      (venue) =>
        rewriteCommands(venue, (command) => {
          if (command.action === ACTION_NEW && command.side === SIDE_BUY) {
            command.price = 200 /* 100.0 */ as Ticks;
          }
        }),
    );
    expect(result).toEqual({
      code: 3,
      stderr: 'F:4: invariant 1 violated: BTC-USD: orders rest crossed, bid 102.0 >= ask 101.0\n',
    });
  });

  it('2: a venue that publishes a wrong level size', async () => {
    let levelChanges = 0;
    const result = await replayChecked(
      scenario(sell('s1', '101.0', '1'), sell('s2', '101.0', '2'), sell('s3', '101.0', '3')),
      (venue) =>
        rewriteEvents(venue, (model) => ({
          onLevel: (level) =>
            model.onLevel({ ...level, total: ++levelChanges === 2 ? (299 as Units) : level.total }),
        })),
    );
    expect(result).toEqual({
      code: 3,
      stderr:
        'F:4: invariant 2 violated: BTC-USD sell 101.0: level size 2.99, but its resting orders add up to 3.00\n',
    });
  });

  it('3: a reduce that takes off twice the size asked', async () => {
    const result = await replayChecked(
      scenario(sell('s1', '101.0', '5'), 'T+1,reduce,s1,alice,BTC-USD,,,,1,,'),
      (venue) =>
        rewriteCommands(venue, (command) => {
          if (command.action === ACTION_REDUCE) command.size = (command.size * 2) as Lots;
        }),
    );
    expect(result).toEqual({
      code: 3,
      stderr:
        'F:4: invariant 3 violated: ord_1: filled 0.00 + remaining 3.00 + cancelled or expired 1.00 != size 5.00\n',
    });
  });

  it("3: an order whose size changes without an amend (the core's sizeLots)", async () => {
    const result = await replayChecked(scenario(sell('s1', '101.0', '5')), (venue) => {
      const { core } = venue;
      const sizeLots = core.sizeLots.bind(core);
      core.sizeLots = (sequence) => (sizeLots(sequence) + 1) as Lots;
    });
    expect(result).toEqual({
      code: 3,
      stderr: 'F:3: invariant 3 violated: ord_1: size 5.01 changed\n',
    });
  });

  it('4: a matcher that lets a crossing limit order walk past its limit', async () => {
    const result = await replayChecked(
      scenario(sell('s1', '101.0', '1'), sell('s2', '102.0', '1'), buy('b1', '101.0', '2')),
      (venue) =>
        rewriteCommands(venue, (command) => {
          if (command.action === ACTION_NEW && command.side === SIDE_BUY) {
            command.type = TYPE_MARKET;
            command.timeInForce = TIF_IOC;
            command.price = 0 as Ticks;
          }
        }),
    );
    expect(result).toEqual({
      code: 3,
      stderr: "F:5: invariant 4 violated: trade t_2 at 102.0 is beyond the taker's limit\n",
    });
  });

  it('5: a venue that publishes a trade twice', async () => {
    const result = await replayChecked(
      scenario(sell('s1', '101.0', '2'), buy('b1', '101.0', '1', 5), buy('b2', '101.0', '1', 9)),
      (venue) =>
        rewriteEvents(venue, (model) => ({
          onTrade: (trade) => {
            model.onTrade(trade);
            if (trade.sequence === 2) model.onTrade(trade);
          },
        })),
    );
    expect(result).toEqual({
      code: 3,
      stderr: 'F:5: invariant 5 violated: trade t_2 follows t_2\n',
    });
  });

  it('6: a ticker whose high never leaves the 24h window', async () => {
    const result = await replayChecked(
      scenario(
        sell('s1', '105.0', '1'),
        buy('b1', '105.0', '1'),
        sell('s2', '100.0', '1', DAY + 1),
        buy('b2', '100.0', '1', DAY + 1),
      ),
      (venue) => {
        const ticker = venue.ticker.bind(venue);
        venue.ticker = (symbol) => {
          const real = ticker(symbol);
          return real.ok ? { ...real, value: { ...real.value, high24h: '105.0' } } : real;
        };
      },
    );
    expect(result).toEqual({
      code: 3,
      stderr: expect.stringMatching(
        /^F:6: invariant 6 violated: BTC-USD ticker is \{.*"high24h":"105\.0".*\}, the trades give \{.*"high24h":"100\.0".*\}\n$/,
      ),
    });
  });

  it('7: a venue that publishes no level change for a cancel', async () => {
    const result = await replayChecked(
      scenario(
        sell('s1', '101.0', '1'),
        sell('s2', '101.5', '1'),
        'T+1,cancel,s2,alice,BTC-USD,,,,,,',
      ),
      (venue) => {
        let cancelled = false;
        rewriteEvents(venue, (model) => ({
          onOrder: (order) => {
            cancelled = order.status === STATUS_CANCELLED;
            model.onOrder(order);
          },
          onLevel: (level) => {
            if (!cancelled) model.onLevel(level);
          },
        }));
      },
    );
    expect(result).toEqual({
      code: 3,
      stderr:
        'F:5: invariant 7 violated: BTC-USD sell 101.5: its orders now add up to 0.00, but no level change was published\n',
    });
  });
  it('7: a book query that shows a wrong best level', async () => {
    const result = await replayChecked(scenario(sell('s1', '101.0', '1')), (venue) => {
      const orderBookTicks = venue.orderBookTicks.bind(venue);
      venue.orderBookTicks = (symbol, depth) => {
        const real = orderBookTicks(symbol, depth);
        if (!real.ok) return real;
        const asks = real.value.asks.map(([ticks]) => [ticks, 999 as Lots /* 9.99 */] as const);
        return { ...real, value: { ...real.value, asks } };
      };
    });
    expect(result).toEqual({
      code: 3,
      stderr:
        'F:3: invariant 7 violated: BTC-USD sell book is [101.0:9.99], its open orders add up to [101.0:1.00]\n',
    });
  });
});

describe('the full comparison', () => {
  /** A book query that drops the worst ask once it lists more than one: only a deep query sees it. */
  function dropDeepAsks(venue: Venue): void {
    const orderBook = venue.orderBook.bind(venue);
    venue.orderBook = (symbol, depth) => {
      const real = orderBook(symbol, depth);
      if (!real.ok || real.value.asks.length < 2) return real;
      return { ...real, value: { ...real.value, asks: real.value.asks.slice(0, -1) } };
    };
  }
  const rows = [sell('s1', '101.0', '1'), sell('s2', '102.0', '1'), sell('s3', '103.0', '1')];
  const deep =
    'BTC-USD sell book is [101.0:1.00], its open orders add up to [101.0:1.00 102.0:1.00]';

  it('runs every --check-every rows', async () => {
    expect(await replayChecked(scenario(...rows), dropDeepAsks, 2)).toEqual({
      code: 3,
      stderr: `F:4: invariant 7 violated: ${deep}\n`,
    });
  });

  it('--check-every takes a positive integer', () => {
    const { status, stderr } = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'adapters/cli/main.ts',
        'replay',
        'flow.csv',
        '--check',
        '--check-every',
        '0',
      ],
      { encoding: 'utf8' },
    );
    expect(status).not.toBe(0);
    expect(stderr).toContain('--check-every must be a positive integer');
  });

  it('runs after the last row', async () => {
    const { code, stderr } = await replayChecked(scenario(...rows.slice(0, 2)), dropDeepAsks);
    expect(code).toBe(3);
    expect(stderr).toBe(
      `F:4: invariant 7 violated: at the end (${Date.UTC(2026, 0, 5, 9, 30)}): ${deep}\n`,
    );
  });
});

describe("the core's validateVenueState problems map to invariants", () => {
  it.each([
    ['BTC-USD: crossed book, bid 101 >= ask 100', 1],
    ['BTC-USD bids @100: total 5 but orders sum 4', 2],
    ['BTC-USD asks @101: empty level', 2],
    ['BTC-USD asks @101: ord_3 rests as filled with 0', 2],
    ['ord_4: filled + remaining > size', 3],
    ['ord_4: cancelled with remaining 2', 3],
    ['ord_4: filled 3 but trades sum 2', 5],
    ['index has 3 open orders, books hold 2', 7],
    ['BTC-USD bids @100: ord_2 has a broken back link', 8],
  ])('%s: invariant %i', (problem, invariant) => {
    expect(coreProblemInvariant(problem)).toBe(invariant);
  });
});
