import { describe, expect, it } from 'vitest';
import { OrderEvent, TradeEvent, type Slot, type VenueEvent } from '../../src/index.js';
import { limit, makeVenue, market, plain, recordEvents, unwrap } from './helpers.js';

/** One line per event: what changed, in the order it was announced. */
function summary(events: readonly VenueEvent[]): string[] {
  return events.map((event) => {
    switch (event.type) {
      case 'trade':
        return `trade ${event.trade.id} ${event.trade.makerOrderId}<-${event.trade.takerOrderId}`;
      case 'order':
        return `order ${event.order.id} ${event.order.status} ${event.order.filledSize}/${event.order.remainingSize}`;
      case 'book':
        return `book ${event.change.side} ${event.change.price} ${event.change.size} #${event.change.sequence}`;
    }
  });
}

/** Bob's asks ord_1 (1 @ 100.00) and ord_2 (1 @ 101.00). */
function venueWithAsks() {
  const { venue } = makeVenue();
  limit(venue, 'sell', '100.00', '1', { account: 'bob' });
  limit(venue, 'sell', '101.00', '1', { account: 'bob' });
  return venue;
}

describe('events', () => {
  it('announce each match, then the taker, then the level it rests on', () => {
    const venue = venueWithAsks();
    const events = recordEvents(venue);
    limit(venue, 'buy', '101.00', '2.5');
    expect(summary(events)).toEqual([
      'trade t_1 ord_1<-ord_3',
      'order ord_1 filled 1.00000000/0.00000000',
      'book sell 100.00 0.00000000 #3',
      'trade t_2 ord_2<-ord_3',
      'order ord_2 filled 1.00000000/0.00000000',
      'book sell 101.00 0.00000000 #4',
      'order ord_3 partially_filled 2.00000000/0.50000000',
      'book buy 101.00 0.50000000 #5',
    ]);
    expect(events[0]).toEqual({ type: 'trade', trade: plain(unwrap(venue.trades('BTC-USD'))[1]) });
    expect(events[7]).toEqual({
      type: 'book',
      change: { symbol: 'BTC-USD', side: 'buy', price: '101.00', size: '0.50000000', sequence: 5 },
    });
    expect(events[6]).toEqual({
      type: 'order',
      order: plain(unwrap(venue.getOrder('alice', 'ord_3'))),
    });
  });

  it('announce a partly taken maker level with its new total', () => {
    const venue = venueWithAsks();
    const events = recordEvents(venue);
    market(venue, 'buy', '0.25');
    expect(summary(events)).toEqual([
      'trade t_1 ord_1<-ord_3',
      'order ord_1 partially_filled 0.25000000/0.75000000',
      'book sell 100.00 0.75000000 #3',
      'order ord_3 filled 0.25000000/0.00000000',
    ]);
  });

  it('announce only the taker when it ends without touching the book', () => {
    const venue = venueWithAsks();
    const events = recordEvents(venue);
    limit(venue, 'buy', '100.00', '1', { postOnly: true });
    limit(venue, 'buy', '100.00', '2', { timeInForce: 'fok' });
    market(venue, 'sell', '1');
    expect(summary(events)).toEqual([
      'order ord_3 rejected 0.00000000/0.00000000',
      'order ord_4 expired 0.00000000/0.00000000',
      'order ord_5 expired 0.00000000/0.00000000',
    ]);
  });

  it('announce reduces and cancels: the order, then the level', () => {
    const venue = venueWithAsks();
    const events = recordEvents(venue);
    unwrap(venue.reduceOrder('bob', 'ord_1', '0.4'));
    unwrap(venue.cancelOrder('bob', 'ord_1'));
    unwrap(venue.reduceOrder('bob', 'ord_2', '5'));
    expect(summary(events)).toEqual([
      'order ord_1 open 0.00000000/0.60000000',
      'book sell 100.00 0.60000000 #3',
      'order ord_1 cancelled 0.00000000/0.00000000',
      'book sell 100.00 0.00000000 #4',
      'order ord_2 cancelled 0.00000000/0.00000000',
      'book sell 101.00 0.00000000 #5',
    ]);
  });

  it('announce nothing for refused commands and queries', () => {
    const venue = venueWithAsks();
    const events = recordEvents(venue);
    venue.cancelOrder('alice', 'ord_1');
    venue.placeOrder({
      account: 'alice',
      symbol: 'BTC-USD',
      side: 'buy',
      type: 'market',
      size: '0',
    });
    venue.orderBook('BTC-USD');
    venue.ticker('BTC-USD');
    expect(events).toEqual([]);
  });

  it('stop after unsubscribing, and reach every subscriber', () => {
    const { venue } = makeVenue();
    const kept = recordEvents(venue);
    const dropped: VenueEvent[] = [];
    const unsubscribe = venue.subscribe((event) => dropped.push(event));
    limit(venue, 'buy', '1.00', '1');
    unsubscribe();
    unsubscribe();
    limit(venue, 'buy', '1.00', '1');
    expect([kept.length, dropped.length]).toEqual([4, 2]);
  });

  it('reach a subscriber only with the types it asked for', () => {
    const { venue } = makeVenue();
    const trades: VenueEvent[] = [];
    const unsubscribe = venue.subscribe((event) => trades.push(event), ['trade']);
    limit(venue, 'sell', '1.00', '1');
    venue.placeOrder({ account: 'bob', symbol: 'BTC-USD', side: 'buy', type: 'market', size: '1' });
    unsubscribe();
    limit(venue, 'sell', '1.00', '1');
    venue.placeOrder({ account: 'bob', symbol: 'BTC-USD', side: 'buy', type: 'market', size: '1' });
    expect(trades.map((event) => [event.type, event.type === 'trade' && event.trade.id])).toEqual([
      ['trade', 't_1'],
    ]);
  });

  it("reach a listener of one account only for that account's trades and orders, in order", () => {
    const venue = venueWithAsks(); // bob's ord_1 and ord_2
    const { core } = venue;
    const heard: string[] = [];
    const line = (who: string) => ({
      onTrade: (trade: TradeEvent) =>
        void heard.push(
          `${who} trade t_${trade.sequence} ${trade.makerSequence}<-${trade.takerSequence}`,
        ),
      onOrder: (order: OrderEvent) => void heard.push(`${who} order ${order.sequence}`),
    });
    const stopCarol = core.listen(line('carol'), core.accountId('carol'));
    core.listen(line('all'));
    core.listen(line('bob'), core.accountId('bob'));
    limit(venue, 'buy', '100.00', '0.5', { account: 'carol' }); // takes from bob's ord_1
    limit(venue, 'buy', '99.00', '1'); // alice's: rests, only 'all' hears it
    stopCarol();
    limit(venue, 'sell', '99.00', '1', { account: 'carol' }); // takes alice's ord_4
    expect(heard).toEqual([
      'carol trade t_1 1<-3',
      'all trade t_1 1<-3',
      'bob trade t_1 1<-3',
      'all order 1',
      'bob order 1',
      'carol order 3',
      'all order 3',
      'all order 4',
      'all trade t_2 4<-5',
      'all order 4',
      'all order 5',
    ]);
  });

  it('reach a listener of final statuses with each order that ends, in turn with onOrder', () => {
    const venue = venueWithAsks(); // bob's ord_1 and ord_2
    const { core } = venue;
    const heard: string[] = [];
    const sequenceAt = (slot: Slot) => core.store.sequence(slot);
    core.listen({ onOrder: (order) => void heard.push(`order ${order.sequence} ${order.status}`) });
    const stop = core.listen({
      onFinal: (slot, code) => void heard.push(`final ${sequenceAt(slot)} ${code}`),
    });
    core.listen(
      {
        onOrder: (order) => void heard.push(`bob order ${order.sequence}`),
        onFinal: (slot, code) => void heard.push(`bob final ${sequenceAt(slot)} ${code}`),
      },
      core.accountId('bob'),
    );
    limit(venue, 'buy', '100.00', '0.5'); // ord_3 takes half of ord_1, both stay or end
    limit(venue, 'buy', '100.00', '0.5', { timeInForce: 'ioc' }); // ord_4 fills ord_1's rest
    limit(venue, 'buy', '99.00', '1'); // ord_5 rests
    unwrap(venue.cancelOrder('alice', 'ord_5'));
    stop();
    limit(venue, 'buy', '98.00', '1', { timeInForce: 'ioc' }); // ord_6 expires unheard by `stop`'s
    expect(heard).toEqual([
      'order 1 1',
      'bob order 1',
      'order 3 2',
      'final 3 2',
      'order 1 2',
      'final 1 2',
      'bob order 1',
      'bob final 1 2',
      'order 4 2',
      'final 4 2',
      'order 5 0',
      'order 5 3',
      'final 5 3',
      'order 6 4',
    ]);
  });

  it('read an announced field from the store, and keep every field once one is written', () => {
    const venue = venueWithAsks();
    const { core } = venue;
    const orders: number[][] = [];
    const trades: number[][] = [];
    core.listen({
      onOrder: (order) => {
        const fields = [order.sequence, order.status, order.filled, order.remaining];
        order.slot = -1 as typeof order.slot; // a write copies the other fields first
        orders.push([...fields, order.sequence, order.status, order.filled, order.remaining]);
      },
      onTrade: (trade) => {
        const fields = [trade.sequence, trade.price, trade.size, trade.makerSequence];
        trade.index = -1;
        trades.push([...fields, trade.sequence, trade.price, trade.size, trade.makerSequence]);
      },
    });
    market(venue, 'buy', '0.25');
    // ord_1 (1 @ 100.00, in units of 0.01 and 1e-8) partly filled, then the taker ord_3 filled.
    expect(trades).toEqual([[1, 10_000, 25_000_000, 1, 1, 10_000, 25_000_000, 1]]);
    expect(orders).toEqual([
      [1, 1, 25_000_000, 75_000_000, 1, 1, 25_000_000, 75_000_000],
      [3, 2, 25_000_000, 0, 3, 2, 25_000_000, 0],
    ]);
    const written = new OrderEvent();
    written.status = 3;
    expect([written.status, written.sequence]).toEqual([3, 0]);
    expect(new TradeEvent().price).toBe(0);
  });
});
