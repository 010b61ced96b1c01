import { afterAll, describe, expect, it } from 'vitest';
import { noBrowser, openUrl, type OpenedPage } from '../backtest/browser.js';
import { ALICE_KEY, useTestServer } from './test-server.js';

// The page's DOM as far as this test uses it (the project compiles without the DOM library).
declare const document: {
  querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }>;
  querySelector(selector: string): { width: number; height: number } | null;
};

const server = useTestServer();
let opened: OpenedPage | undefined;

afterAll(async () => {
  await opened?.close();
});

describe.skipIf(noBrowser !== null)(
  `the dashboard in headless Chromium${noBrowser === null ? '' : ` (skipped: ${noBrowser})`}`,
  () => {
    it('renders the book, the charts and the tape, and shows a trade as it happens', async () => {
      opened = await openUrl(server.url + '/');
      const { page } = opened;
      await page.fill('#key', ALICE_KEY);
      await page.click('button[type=submit]');
      // The demo ladder: 15 levels a side shown, best ask above best bid.
      await page.waitForSelector('#ladder tbody tr:nth-child(30)');
      const prices = await page.evaluate(() =>
        Array.from(document.querySelectorAll('#ladder td.price')).map((cell) => cell.textContent),
      );
      const book = await server.call('GET', '/v1/market/orderbook?symbol=BTC-USD&depth=15');
      expect(prices).toEqual([
        ...book.json.asks.map((level: string[]) => level[0]).reverse(),
        ...book.json.bids.map((level: string[]) => level[0]),
      ]);
      expect(await page.textContent('#status')).toBe('live: BTC-USD');
      for (const chart of ['#depth-chart canvas', '#price-chart canvas']) {
        const size = await page.evaluate((selector) => {
          const canvas = document.querySelector(selector)!;
          return [canvas.width, canvas.height];
        }, chart);
        expect(size[0]).toBeGreaterThan(0);
        expect(size[1]).toBeGreaterThan(0);
      }

      const order = await server.call('POST', '/v1/orders', {
        body: { symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.05' },
      });
      const tradeId = order.json.fills[0].trade_id as string;
      await page.waitForSelector(`#tape tr[data-trade-id="${tradeId}"]`);
      const row = await page.textContent(`#tape tr[data-trade-id="${tradeId}"]`);
      expect(row).toContain(order.json.fills[0].price);
      expect(row).toContain('buy');
      await page.waitForFunction(
        (price) => document.querySelectorAll('#last-price')[0]!.textContent === price,
        order.json.fills.at(-1).price,
      );
      if (process.env['SIMEX_SCREENSHOT'] !== undefined)
        await page.screenshot({ path: process.env['SIMEX_SCREENSHOT'], fullPage: true });
      expect(opened.errors).toEqual([]);
      expect(opened.requests.every((url) => url.startsWith(server.url + '/'))).toBe(true);
      expect(opened.requests.some((url) => url.includes('/v1/stream?'))).toBe(true);
    });
  },
);
