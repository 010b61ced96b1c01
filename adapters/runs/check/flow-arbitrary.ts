/**
 * fast-check arbitraries for order flows that stress the invariants: two symbols, four accounts,
 * prices on a narrow band so orders cross often, every order type and time in force, post-only,
 * cancels and reduces of earlier orders (sometimes by the wrong account), and time jumps past 24h.
 */
import fc from 'fast-check';
import type { InstrumentSpec } from '../../../src/index.js';
import type { ScenarioRow } from '../../flow/index.js';
import { fromUnits } from '../../units/units.js';

export const CHECK_INSTRUMENTS: readonly InstrumentSpec[] = [
  { symbol: 'BTC-USD', tickSize: '0.5', lotSize: '0.01', referencePrice: '100.0' },
  { symbol: 'ETH-USD', tickSize: '0.01', lotSize: '1', maxSize: '50' },
];
const ACCOUNTS = ['a1', 'a2', 'a3', 'a4'];
const START = Date.UTC(2026, 0, 5, 9, 30);
const DAY = 86_400_000;

const step = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 2_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(DAY - 1, DAY, DAY + 1, 2 * DAY + 7) },
);

const newOrder = fc.record({
  kind: fc.constant('new' as const),
  dt: step,
  market: fc.nat({ max: 1 }),
  account: fc.constantFrom(...ACCOUNTS),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  type: fc.constantFrom('limit' as const, 'limit' as const, 'market' as const),
  tif: fc.constantFrom('gtc' as const, 'gtc' as const, 'ioc' as const, 'fok' as const, undefined),
  postOnly: fc.boolean(),
  ticks: fc.integer({ min: -4, max: 4 }),
  lots: fc.integer({ min: 1, max: 12 }),
});

const change = fc.record({
  kind: fc.constantFrom('cancel' as const, 'reduce' as const),
  dt: step,
  target: fc.nat(),
  /** One change in ten comes from an account that does not own the order. */
  wrongAccount: fc.nat({ max: 9 }).map((n) => n === 0),
  lots: fc.integer({ min: 1, max: 12 }),
});

export type FlowCommand = typeof newOrder extends fc.Arbitrary<infer T> ? T | ChangeCommand : never;
type ChangeCommand = typeof change extends fc.Arbitrary<infer T> ? T : never;

export function flowArbitrary(maxEvents: number): fc.Arbitrary<FlowCommand[]> {
  return fc.array(fc.oneof({ weight: 3, arbitrary: newOrder }, { weight: 2, arbitrary: change }), {
    minLength: 1,
    maxLength: maxEvents,
  });
}

/** The scenario rows of a command list; ids are `o<k>`, changes name earlier orders by index. */
export function flowRows(commands: readonly FlowCommand[]): ScenarioRow[] {
  const rows: ScenarioRow[] = [];
  const placed: { id: string; account: string; symbol: string }[] = [];
  let ts = START;
  for (const command of commands) {
    ts += command.dt;
    if (command.kind === 'new') {
      const spec = CHECK_INSTRUMENTS[command.market]!;
      const id = `o${placed.length + 1}`;
      placed.push({ id, account: command.account, symbol: spec.symbol });
      const size = sizeText(command.market, command.lots);
      const common = {
        action: 'new',
        ts,
        id,
        account: command.account,
        symbol: spec.symbol,
        side: command.side,
        size,
      } as const;
      if (command.type === 'market') {
        rows.push({ ...common, type: 'market' });
        continue;
      }
      const price =
        command.market === 0
          ? fromUnits(BigInt(1000 + command.ticks * 5), 1)
          : fromUnits(BigInt(100 + command.ticks), 2);
      const tif = command.tif;
      rows.push({
        ...common,
        type: 'limit',
        price,
        ...(tif === undefined ? {} : { timeInForce: tif }),
        ...(command.postOnly && (tif ?? 'gtc') === 'gtc' ? { postOnly: true } : {}),
      });
      continue;
    }
    const target = placed[command.target % Math.max(1, placed.length)];
    if (target === undefined) continue;
    const account = command.wrongAccount ? 'a9' : target.account;
    const common = { ts, id: target.id, account, symbol: target.symbol };
    if (command.kind === 'cancel') rows.push({ ...common, action: 'cancel' });
    else
      rows.push({
        ...common,
        action: 'reduce',
        size: sizeText(target.symbol === 'BTC-USD' ? 0 : 1, command.lots),
      });
  }
  return rows;
}

function sizeText(market: number, lots: number): string {
  return market === 0 ? fromUnits(BigInt(lots), 2) : String(lots);
}
