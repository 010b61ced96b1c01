/**
 * The model test must be able to fail: run its property against venues with one deliberate
 * fault each and expect fast-check to find a counterexample.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderRecord, Result, TradeRecord } from '../../src/index.js';
import { newVenueSystem, type SystemUnderTest, type VenueApi } from './model-harness.js';
import { venueModelProperty } from './venue-commands.js';

function withFault(fault: (venue: VenueApi) => Partial<VenueApi>): () => SystemUnderTest {
  return () => {
    const system = newVenueSystem();
    const { venue } = system;
    const sound: VenueApi = {
      placeOrder: (request) => venue.placeOrder(request),
      cancelOrder: (account, id) => venue.cancelOrder(account, id),
      reduceOrder: (account, id, size) => venue.reduceOrder(account, id, size),
      amendOrder: (account, id, request) => venue.amendOrder(account, id, request),
      getOrder: (account, id) => venue.getOrder(account, id),
      listOrders: (account, filter) => venue.listOrders(account, filter),
      ticker: (symbol) => venue.ticker(symbol),
      orderBook: (symbol, depth) => venue.orderBook(symbol, depth),
      trades: (symbol, limit) => venue.trades(symbol, limit),
    };
    return { ...system, venue: { ...sound, ...fault(venue) } };
  };
}

function findsFault(makeSystem: () => SystemUnderTest): boolean {
  const property = venueModelProperty(makeSystem);
  return fc.check(property, { seed: 1, numRuns: 300, endOnFailure: true }).failed;
}

describe('the model test catches a faulty venue', () => {
  it('that reports trades with the maker side', () => {
    const swapSides = (venue: VenueApi) => ({
      trades: (symbol: unknown, limit?: number): Result<TradeRecord[]> => {
        const result = venue.trades(symbol, limit);
        if (!result.ok) return result;
        const swapped = result.value.map((trade) => ({
          ...(JSON.parse(JSON.stringify(trade)) as TradeRecord),
          side: trade.side === 'buy' ? ('sell' as const) : ('buy' as const),
        }));
        return { ok: true, value: swapped };
      },
    });
    expect(findsFault(withFault(swapSides))).toBe(true);
  });

  it('that will not cancel a partially filled order', () => {
    const refusePartialCancels = (venue: VenueApi) => ({
      cancelOrder: (account: string, id: string) => {
        const order = venue.getOrder(account, id);
        if (order.ok && order.value.status === 'partially_filled') {
          return {
            ok: false,
            error: { code: 'order_not_open', message: 'deliberately wrong' },
          } as const;
        }
        return venue.cancelOrder(account, id);
      },
    });
    expect(findsFault(withFault(refusePartialCancels))).toBe(true);
  });

  it('that shows pending stops as open', () => {
    const asOpen = (record: OrderRecord): OrderRecord => ({
      ...(JSON.parse(JSON.stringify(record)) as OrderRecord),
      status: record.status === 'pending' ? 'open' : record.status,
    });
    const hidePending = (venue: VenueApi) => ({
      listOrders: (...args: Parameters<VenueApi['listOrders']>): Result<OrderRecord[]> => {
        const result = venue.listOrders(...args);
        return result.ok ? { ok: true, value: result.value.map(asOpen) } : result;
      },
    });
    expect(findsFault(withFault(hidePending))).toBe(true);
  });

  it('that gives no reason for self-trade prevention and expiry', () => {
    const dropReason = (venue: VenueApi) => ({
      placeOrder: (...args: Parameters<VenueApi['placeOrder']>): Result<OrderRecord> => {
        const result = venue.placeOrder(...args);
        if (!result.ok) return result;
        const record = JSON.parse(JSON.stringify(result.value)) as OrderRecord;
        return { ok: true, value: { ...record, reason: null } };
      },
    });
    expect(findsFault(withFault(dropReason))).toBe(true);
  });
});
