import { describe, expect, it } from 'vitest';
import { Venue, type OrderRecord, type OrderRequest } from '../../src/index.js';
import { orderJson, orderText } from '../../adapters/server/http/wire-format.js';

const NOW = Date.UTC(2026, 0, 5, 9, 30);

/** Orders of every shape the API answers: each optional field present and absent. */
function orders(): OrderRecord[] {
  const created = Venue.create({ clock: () => NOW });
  if (!created.ok) throw new Error(created.error.message);
  const venue = created.value;
  const records: OrderRecord[] = [];
  const place = (request: Partial<OrderRequest>) => {
    const placed = venue.placeOrder({
      account: 'alice',
      symbol: 'BTC-USD',
      side: 'sell',
      type: 'limit',
      size: '0.5',
      ...(request.type !== 'market' && { price: '30000.00' }),
      ...request,
    });
    if (!placed.ok) throw new Error(placed.error.message);
    records.push(placed.value);
    return placed.value;
  };
  place({ clientOrderId: 'maker_1-A' });
  place({ price: '30001.00', size: '0.25', postOnly: true });
  place({ account: 'bob', side: 'buy', type: 'market', size: '0.6' });
  place({ account: 'bob', side: 'buy', price: '30001.00', postOnly: true });
  place({ side: 'buy', price: '29000.00', stopPrice: '31000.00', stp: 'cancel_taker' });
  place({ side: 'buy', price: '29000.00', timeInForce: 'gtd', expireAt: NOW + 60_000 });
  place({ account: 'bob', side: 'buy', price: '30001.00', size: '0.1', timeInForce: 'ioc' });
  const resting = place({ price: '30100.00' });
  const cancelled = venue.cancelOrder('alice', resting.id);
  if (!cancelled.ok) throw new Error(cancelled.error.message);
  records.push(cancelled.value);
  return records;
}

describe('orderText', () => {
  it('is JSON.stringify(orderJson(order)) for orders of every shape', () => {
    const all = orders();
    for (const order of all) expect(orderText(order)).toBe(JSON.stringify(orderJson(order)));
    // Every optional field was present in some order and absent in another.
    const keys = all.map((order) => Object.keys(orderJson(order)));
    for (const field of ['client_order_id', 'price', 'reason', 'stop_price', 'stp', 'expire_at']) {
      expect(keys.some((names) => names.includes(field))).toBe(true);
      expect(keys.some((names) => !names.includes(field))).toBe(true);
    }
    expect(all.some((order) => order.fills.length > 1)).toBe(true);
    expect(all.some((order) => order.averagePrice === null)).toBe(true);
  });
});
