/**
 * The L2 feed's queue positions on hand-built sequences. One instrument (tick 0.01, lot 1), a
 * strategy bid of 2 at 10.00 joining behind 10 of depth; every expected queue is worked out by
 * hand in the comment above it, as [depth ahead, own, depth behind].
 */
import { describe, expect, it } from 'vitest';
import { Venue } from '../../src/index.js';
import { L2Feed, type QueueEntry } from '../../adapters/flow/l2/l2-feed.js';
import type { L2Kind, L2Row, L2Side } from '../../adapters/flow/l2/l2-row.js';
import {
  customModel,
  parseQueueModel,
  type QueueModel,
} from '../../adapters/flow/l2/queue-model.js';

const SYMBOL = 'ABC-USD';

function row(ts: number, kind: L2Kind, side: L2Side, price: string, size: string): L2Row {
  return { exchangeTs: ts, localTs: ts, symbol: SYMBOL, kind, side, price, size };
}

function model(text: string): QueueModel {
  const parsed = parseQueueModel(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

/** A venue fed a two-sided snapshot, and the strategy's bid 2 @ 10.00 behind 10 of depth. */
function setUp(queueModel: QueueModel) {
  let now = 1;
  const created = Venue.create({
    clock: () => now,
    instruments: [{ symbol: SYMBOL, tickSize: '0.01', lotSize: '1' }],
  });
  if (!created.ok) throw new Error(created.error.message);
  const venue = created.value;
  const feed = new L2Feed(venue, queueModel);
  const apply = (...rows: L2Row[]) => {
    for (const r of rows) {
      now = r.exchangeTs;
      feed.apply(r);
    }
  };
  apply(row(1, 'snapshot', 'buy', '10.00', '10'), row(1, 'snapshot', 'sell', '10.01', '10'));
  const placed = venue.placeOrder({
    account: 'me',
    symbol: SYMBOL,
    side: 'buy',
    type: 'limit',
    price: '10.00',
    size: '2',
  });
  if (!placed.ok) throw new Error(placed.error.message);
  const own = placed.value.id;
  const bids = () => shape(feed.queue(SYMBOL, 'buy', '10.00'));
  const filled = () => {
    const order = venue.getOrder('me', own);
    if (!order.ok) throw new Error(order.error.message);
    return order.value.filledSize;
  };
  return { venue, feed, apply, own, bids, filled };
}

/** A queue as [depth, 'own', depth], adjacent depth orders summed. */
function shape(entries: readonly QueueEntry[]): (number | string)[] {
  const out: (number | string)[] = [];
  for (const entry of entries) {
    if (!entry.depth) out.push(entry.lots === 2 ? 'own' : `own ${entry.lots}`);
    else if (typeof out.at(-1) === 'number')
      out[out.length - 1] = (out.at(-1) as number) + entry.lots;
    else out.push(entry.lots);
  }
  return out;
}

describe('queue position on L2 updates', () => {
  it('the strategy joins behind the displayed depth; an update that raises the level goes behind it', () => {
    const { apply, bids } = setUp(model('risk_averse'));
    expect(bids()).toEqual([10, 'own']);
    apply(row(2, 'update', 'buy', '10.00', '15'));
    expect(bids()).toEqual([10, 'own', 5]);
  });

  // 15 -> 11: a decrease of 4 with 10 ahead and 5 behind.
  it.each([
    // risk_averse: nothing from ahead, 4 from behind.
    ['risk_averse', [10, 'own', 1]],
    // power:1: ahead's share 10/15; 4 x 2/3 = 2.67, rounds to 3 lots.
    ['power:1', [7, 'own', 4]],
    // power:2: 100/125 = 0.8; 4 x 0.8 = 3.2 -> 3.
    ['power:2', [7, 'own', 4]],
    // log: ln 11 / (ln 11 + ln 6) = 2.398 / 4.190 = 0.572; 4 x 0.572 = 2.29 -> 2.
    ['log', [8, 'own', 3]],
  ])('a decrease is split ahead and behind by %s', (name, expected) => {
    const { apply, bids } = setUp(model(name));
    apply(row(2, 'update', 'buy', '10.00', '15'), row(3, 'update', 'buy', '10.00', '11'));
    expect(bids()).toEqual(expected);
  });

  it('a strategy-supplied function gives the share ahead; its answer is clamped to [0, 1]', () => {
    const seen: [number, number][] = [];
    const { apply, bids } = setUp(
      customModel((ahead, behind) => (seen.push([ahead, behind]), ahead > 8 ? 7 : 0.5)),
    );
    // 15 -> 13: share 7 clamps to 1, so both lots come from ahead: [8, own, 5].
    apply(row(2, 'update', 'buy', '10.00', '15'), row(3, 'update', 'buy', '10.00', '13'));
    expect(bids()).toEqual([8, 'own', 5]);
    // 13 -> 9: share 0.5 of 4 = 2 ahead, 2 behind: [6, own, 3].
    apply(row(4, 'update', 'buy', '10.00', '9'));
    expect(bids()).toEqual([6, 'own', 3]);
    expect(seen).toEqual([
      [10, 5],
      [8, 5],
    ]);
  });

  it('a decrease behind larger than the depth behind takes the rest from ahead (risk_averse)', () => {
    const { apply, bids } = setUp(model('risk_averse'));
    // [10, own, 5] -> 3: 5 from behind, 7 from ahead.
    apply(row(2, 'update', 'buy', '10.00', '15'), row(3, 'update', 'buy', '10.00', '3'));
    expect(bids()).toEqual([3, 'own']);
  });

  it('a trade that exactly exhausts the queue ahead leaves the strategy first, unfilled; the next fills it', () => {
    const { apply, bids, filled } = setUp(model('risk_averse'));
    apply(row(2, 'update', 'buy', '10.00', '15'));
    // A sell of 10 takes the 10 ahead.
    apply(row(3, 'trade', 'sell', '10.00', '10'));
    expect(bids()).toEqual(['own', 5]);
    expect(filled()).toBe('0');
    // The data then shows the level at 5: the strategy's order is not depth, so nothing changes.
    apply(row(3, 'update', 'buy', '10.00', '5'));
    expect(bids()).toEqual(['own', 5]);
    // A sell of 3: 2 fill the strategy, 1 comes off the depth behind.
    apply(row(4, 'trade', 'sell', '10.00', '3'));
    expect(filled()).toBe('2');
    expect(bids()).toEqual([4]);
  });

  it('a snapshot resets the level to its size through the model and empties the levels it does not name', () => {
    const { apply, bids, feed } = setUp(model('power:1'));
    apply(row(2, 'update', 'buy', '10.00', '15'));
    // Snapshot: 10.00 at 4 (a decrease of 11: 11 x 10/15 = 7.33 -> 7 ahead, 4 behind), 9.99 at 3,
    // 10.02 at 6; 10.01 is not named, so it goes when the run ends (the next row's time differs).
    apply(
      row(5, 'snapshot', 'buy', '10.00', '4'),
      row(5, 'snapshot', 'buy', '9.99', '3'),
      row(5, 'snapshot', 'sell', '10.02', '6'),
    );
    expect(bids()).toEqual([3, 'own', 1]);
    expect(shape(feed.queue(SYMBOL, 'sell', '10.01'))).toEqual([10]);
    feed.finish();
    expect(shape(feed.queue(SYMBOL, 'sell', '10.01'))).toEqual([]);
    expect(shape(feed.queue(SYMBOL, 'sell', '10.02'))).toEqual([6]);
    expect(shape(feed.queue(SYMBOL, 'buy', '9.99'))).toEqual([3]);
  });

  it("the strategy's order cancelled mid-queue leaves the depth as it stood; later decreases come off the back", () => {
    const { apply, bids, venue, own } = setUp(model('power:1'));
    apply(row(2, 'update', 'buy', '10.00', '15'));
    expect(venue.cancelOrder('me', own).ok).toBe(true);
    expect(bids()).toEqual([15]);
    apply(row(3, 'update', 'buy', '10.00', '12'));
    expect(bids()).toEqual([12]);
    // Raised again after that reduce: 12 + 2 (not the order's first size plus 2).
    apply(row(4, 'update', 'buy', '10.00', '14'));
    expect(bids()).toEqual([14]);
  });

  it("the strategy's aggressive order takes the displayed depth; the next update sets the level again", () => {
    const { apply, venue, feed } = setUp(model('risk_averse'));
    const taken = venue.placeOrder({
      account: 'me',
      symbol: SYMBOL,
      side: 'buy',
      type: 'limit',
      price: '10.01',
      size: '4',
      timeInForce: 'ioc',
    });
    expect(taken.ok && taken.value.filledSize).toBe('4');
    expect(shape(feed.queue(SYMBOL, 'sell', '10.01'))).toEqual([6]);
    apply(row(2, 'update', 'sell', '10.01', '9'));
    expect(shape(feed.queue(SYMBOL, 'sell', '10.01'))).toEqual([9]);
  });

  it("an ask level that crosses the strategy's bid fills it, and stands at the data's size", () => {
    const { apply, feed, filled } = setUp(model('risk_averse'));
    // The bids at 10.00 leave (the depth ahead of the strategy's bid), then asks arrive at 10.00.
    apply(row(2, 'update', 'buy', '10.00', '0'), row(3, 'update', 'sell', '10.00', '5'));
    expect(filled()).toBe('2');
    expect(shape(feed.queue(SYMBOL, 'sell', '10.00'))).toEqual([5]);
  });

  /**
   * Every model through the same six cases, from [10, own] (own = the strategy's 2 lots). The
   * share ahead of a decrease, with `a` ahead and `b` behind: risk_averse 0; power:2
   * a²/(a²+b²); log ln(1+a)/(ln(1+a)+ln(1+b)); the strategy function here a/(a+b). The lots from
   * ahead are the share of the decrease, rounded; never more than ahead; what behind cannot give
   * comes from ahead.
   */
  const MODELS: [string, QueueModel][] = [
    ['risk_averse', model('risk_averse')],
    ['power:2', model('power:2')],
    ['log', model('log')],
    ['a strategy function', customModel((ahead, behind) => ahead / (ahead + behind))],
  ];
  const CASES: Record<string, { snapshot: (number | string)[] }> = {
    // [10, own, 5], snapshot of 4: a decrease of 11. risk_averse: 5 behind, then 6 from ahead.
    risk_averse: { snapshot: [4, 'own'] },
    // 100/125 = 0.8; 11 x 0.8 = 8.8 -> 9 from ahead, 2 from behind.
    'power:2': { snapshot: [1, 'own', 3] },
    // ln 11 / (ln 11 + ln 6) = 0.572; 11 x 0.572 = 6.29 -> 6 from ahead, 5 from behind.
    log: { snapshot: [4, 'own'] },
    // 10/15; 11 x 0.667 = 7.33 -> 7 from ahead, 4 from behind.
    'a strategy function': { snapshot: [3, 'own', 1] },
  };

  describe.each(MODELS)('%s', (name, queueModel) => {
    it('a decrease with nothing behind comes from ahead: [10, own] -> 6 is [6, own]', () => {
      const { apply, bids } = setUp(queueModel);
      apply(row(2, 'update', 'buy', '10.00', '6'));
      expect(bids()).toEqual([6, 'own']);
    });

    it('a decrease with nothing ahead comes from behind: [own, 5] -> 4 is [own, 4]', () => {
      const { apply, bids } = setUp(queueModel);
      // Raised to 15 ([10, own, 5]), then a trade of 10 takes the 10 ahead.
      apply(row(2, 'update', 'buy', '10.00', '15'), row(3, 'trade', 'sell', '10.00', '10'));
      expect(bids()).toEqual(['own', 5]);
      apply(row(4, 'update', 'buy', '10.00', '4'));
      expect(bids()).toEqual(['own', 4]);
    });

    it('a trade that exactly exhausts the queue ahead leaves the strategy first, unfilled', () => {
      const { apply, bids, filled } = setUp(queueModel);
      apply(row(2, 'trade', 'sell', '10.00', '10'));
      expect(bids()).toEqual(['own']);
      expect(filled()).toBe('0');
      apply(row(3, 'trade', 'sell', '10.00', '1'));
      expect(filled()).toBe('1');
    });

    it('an update that raises the level joins behind the strategy: [10, own] -> 13 is [10, own, 3]', () => {
      const { apply, bids } = setUp(queueModel);
      apply(row(2, 'update', 'buy', '10.00', '13'));
      expect(bids()).toEqual([10, 'own', 3]);
    });

    it('a snapshot resets the level through the model', () => {
      const { apply, bids } = setUp(queueModel);
      apply(row(2, 'update', 'buy', '10.00', '15'), row(5, 'snapshot', 'buy', '10.00', '4'));
      expect(bids()).toEqual(CASES[name]!.snapshot);
    });

    it("the strategy's order cancelled mid-queue: [10, own, 5] -> [15], then 12 is [12]", () => {
      const { apply, bids, venue, own } = setUp(queueModel);
      apply(row(2, 'update', 'buy', '10.00', '15'));
      expect(venue.cancelOrder('me', own).ok).toBe(true);
      expect(bids()).toEqual([15]);
      apply(row(3, 'update', 'buy', '10.00', '12'));
      expect(bids()).toEqual([12]);
    });
  });
});
