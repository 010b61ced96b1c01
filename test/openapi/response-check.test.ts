import { describe, expect, it } from 'vitest';
import {
  expectDocumented,
  expectDocumentedEvent,
  type ObservedResponse,
} from '../http/openapi-check.js';

const TICKER = '/v1/market/ticker?symbol=BTC-USD';
const TICKER_BODY = {
  symbol: 'BTC-USD',
  price: '30000.00',
  open_24h: '30000.00',
  high_24h: '30000.00',
  low_24h: '30000.00',
  volume_24h: '0.00000000',
  timestamp: '2026-01-05T09:30:00.000Z',
};

function reply(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ObservedResponse {
  const all: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    ...headers,
  };
  return { status, header: (name) => all[name], body: JSON.stringify(body) };
}
const error = (code: string) => ({ error: { code, message: 'm' } });

describe('the response check can fail', () => {
  it('accepts what the document describes', () => {
    expectDocumented('GET', TICKER, reply(200, TICKER_BODY));
    expectDocumented('GET', '/v1/orders/', reply(404, error('order_not_found')));
    expectDocumented('GET', '/nowhere', reply(404, error('not_found')));
    expectDocumented('HEAD', TICKER, reply(405, '', { allow: 'GET' }));
    expectDocumented(undefined, undefined, reply(400, error('bad_request')));
  });

  it('refuses a body missing a field, or with one too many', () => {
    const { price: _price, ...withoutPrice } = TICKER_BODY;
    expect(() => expectDocumented('GET', TICKER, reply(200, withoutPrice))).toThrow(/price/);
    const extra = { ...TICKER_BODY, bid: '1.00' };
    expect(() => expectDocumented('GET', TICKER, reply(200, extra))).toThrow(/additional/);
    const numeric = { ...TICKER_BODY, price: 30000 };
    expect(() => expectDocumented('GET', TICKER, reply(200, numeric))).toThrow(/price/);
  });

  it('refuses a status the operation does not list', () => {
    expect(() => expectDocumented('GET', TICKER, reply(201, TICKER_BODY))).toThrow(/status/);
    expect(() => expectDocumented('GET', '/nowhere', reply(200, {}))).toThrow(/status/);
  });

  it('refuses an error code the document does not list for that status and operation', () => {
    const foreign = reply(404, error('order_not_found'));
    expect(() => expectDocumented('GET', TICKER, foreign)).toThrow(/allowed values/);
    const wrongStatus = reply(400, error('unauthorized'));
    expect(() => expectDocumented('GET', TICKER, wrongStatus)).toThrow(/allowed values/);
  });

  it('refuses a missing required header, or a body that is not JSON', () => {
    const noAllow = reply(405, error('method_not_allowed'));
    expect(() => expectDocumented('PUT', TICKER, noAllow)).toThrow(/Allow/);
    const noRetry = reply(429, error('rate_limited'));
    expect(() => expectDocumented('GET', TICKER, noRetry)).toThrow(/Retry-After/);
    const html = { ...reply(200, {}), body: '<html>' };
    expect(() => expectDocumented('GET', TICKER, html)).toThrow(/not JSON/);
  });

  it('checks stream events: a documented one passes, others are refused saying why', () => {
    const data = {
      symbol: 'BTC-USD',
      sequence: 57,
      trade_id: 't_12',
      side: 'buy',
      price: '30003.02',
      size: '0.01000000',
      timestamp: '2026-01-05T09:30:01.000Z',
    };
    const trade = { id: '1767605400000:57', event: 'trade', data };
    expectDocumentedEvent(trade);
    expect(() => expectDocumentedEvent({ ...trade, id: undefined })).toThrow(/id/);
    expect(() => expectDocumentedEvent({ ...trade, id: '57' })).toThrow(/pattern/);
    expect(() => expectDocumentedEvent({ ...trade, event: 'fill' })).toThrow(/constant/);
    const numeric = { ...trade, data: { ...data, price: 30003.02 } };
    expect(() => expectDocumentedEvent(numeric)).toThrow(/price/);
    const { trade_id: _tradeId, ...withoutId } = data;
    expect(() => expectDocumentedEvent({ ...trade, data: withoutId })).toThrow(/trade_id/);
    const asBook = { ...trade, event: 'book' };
    expect(() => expectDocumentedEvent(asBook)).toThrow(/book_sequence/);
  });
});
