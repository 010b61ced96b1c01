import { afterAll, describe, expect, it } from 'vitest';
import { noBrowser, openUrl, type OpenedPage } from '../backtest/browser.js';
import { useChildServers } from './child-server.js';
import { ALICE_KEY, useTestServer, type Reply } from './test-server.js';

// The page's DOM as far as this test uses it (the project compiles without the DOM library).
declare const document: {
  querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }>;
  querySelector(selector: string): { width: number; height: number } | null;
  getElementById(id: string): { value: string } | null;
};
declare const location: { href: string; hash: string };
declare const window: { drawnTexts: DrawnText[] };

/** One fillText on a chart's canvas, with its horizontal extent in canvas pixels. */
interface DrawnText {
  readonly chart: string;
  readonly text: string;
  readonly left: number;
  readonly right: number;
  readonly canvasWidth: number;
}

/** Records every unrotated fillText of the page's canvases as a DrawnText, in window.drawnTexts. */
const RECORD_DRAWN_TEXTS = `
window.drawnTexts = [];
const fillText = CanvasRenderingContext2D.prototype.fillText;
CanvasRenderingContext2D.prototype.fillText = function (text, x, y, maxWidth) {
  const t = this.getTransform();
  if (t.b === 0 && t.c === 0) {
    const width = this.measureText(String(text)).width;
    const align = this.textAlign;
    const left = align === 'right' || align === 'end' ? x - width : align === 'center' ? x - width / 2 : x;
    const chart = this.canvas.closest('.chart');
    window.drawnTexts.push({
      chart: chart ? chart.id : '',
      text: String(text),
      left: t.a * left + t.e,
      right: t.a * (left + width) + t.e,
      canvasWidth: this.canvas.width,
    });
  }
  return fillText.call(this, text, x, y, maxWidth);
};`;

const server = useTestServer();
const spawnServer = useChildServers();
const pages: OpenedPage[] = [];

afterAll(async () => {
  for (const opened of pages) await opened.close();
});

async function open(url: string, timezoneId?: string): Promise<OpenedPage> {
  const opened = await openUrl(url, {
    initScript: RECORD_DRAWN_TEXTS,
    ...(timezoneId === undefined ? {} : { timezoneId }),
  });
  pages.push(opened);
  return opened;
}

describe.skipIf(noBrowser !== null)(
  `the dashboard in headless Chromium${noBrowser === null ? '' : ` (skipped: ${noBrowser})`}`,
  () => {
    it('takes the key from #key=, renders the book, the charts and the tape, and shows a trade as it happens, in UTC', async () => {
      // India is UTC+05:30: a chart in local time would show 15:00 for 09:30 UTC.
      const opened = await open(`${server.url}/#key=${ALICE_KEY}`, 'Asia/Kolkata');
      const { page } = opened;
      // The demo ladder: 15 levels a side shown, best ask above best bid.
      await page.waitForSelector('#ladder tbody tr:nth-child(30)');
      expect(opened.requests).toContain(`${server.url}/v1/instruments`);
      expect(await page.evaluate(() => document.getElementById('key')!.value)).toBe(ALICE_KEY);
      expect(await page.evaluate(() => [location.href, location.hash])).toEqual([
        `${server.url}/`,
        '',
      ]);
      const prices = await page.evaluate(() =>
        Array.from(document.querySelectorAll('#ladder td.price')).map((cell) => cell.textContent),
      );
      const book = await server.call('GET', '/v1/market/orderbook?symbol=BTC-USD&depth=15');
      expect(prices).toEqual([
        ...book.json.asks.map((level: string[]) => level[0]).reverse(),
        ...book.json.bids.map((level: string[]) => level[0]),
      ]);
      expect(await page.textContent('#status')).toBe('live: BTC-USD');
      // Beside the symbol picker: nothing (no raw stream id).
      expect(await page.textContent('#market > p')).toBe('Symbol BTC-USDETH-USD');
      for (const chart of ['#depth-chart canvas', '#price-chart canvas']) {
        const size = await page.evaluate((selector) => {
          const canvas = document.querySelector(selector)!;
          return [canvas.width, canvas.height];
        }, chart);
        expect(size[0]).toBeGreaterThan(0);
        expect(size[1]).toBeGreaterThan(0);
      }

      // Two trades a minute apart: 09:30:00 and 09:31:00 UTC.
      let order: Reply | undefined;
      for (const _ of [1, 2]) {
        if (order !== undefined) server.clock.now += 60_000;
        order = await server.call('POST', '/v1/orders', {
          body: { symbol: 'BTC-USD', side: 'buy', type: 'market', size: '0.05' },
        });
        const tradeId = order.json.fills[0].trade_id as string;
        await page.waitForSelector(`#tape tr[data-trade-id="${tradeId}"]`);
        const row = await page.textContent(`#tape tr[data-trade-id="${tradeId}"]`);
        expect(row).toContain(order.json.fills[0].price);
        expect(row).toContain('buy');
      }
      const last = order!.json.fills.at(-1);
      await page.waitForFunction(
        (price) => document.querySelectorAll('#last-price')[0]!.textContent === price,
        last.price,
      );

      // The chart's time is UTC: its legend at the last point, and its tick labels.
      const plot = (await page.locator('#price-chart .u-over').boundingBox())!;
      await page.mouse.move(plot.x + plot.width - 1, plot.y + plot.height / 2);
      if (process.env['SIMEX_SCREENSHOT'] !== undefined)
        await page.screenshot({ path: process.env['SIMEX_SCREENSHOT'], fullPage: true });
      expect(await page.textContent('#price-chart .u-legend')).toContain(
        'time (UTC)2026-01-05 09:31:00.000',
      );
      const drawn = await page.evaluate(() => window.drawnTexts);
      const times = drawn.filter(
        ({ chart, text }) => chart === 'price-chart' && /^\d\d:\d\d/.test(text),
      );
      expect(times.length).toBeGreaterThan(1);
      expect(times.filter(({ text }) => !text.startsWith('09:3'))).toEqual([]);
      // Every label lies within its canvas: none is clipped at an edge.
      expect(drawn.filter(({ text }) => /^30,00\d/.test(text)).length).toBeGreaterThan(1);
      expect(
        drawn.filter(({ left, right, canvasWidth }) => left < 0 || right > canvasWidth),
      ).toEqual([]);

      expect(opened.errors).toEqual([]);
      expect(opened.requests.every((url) => url.startsWith(server.url + '/'))).toBe(true);
      expect(opened.requests.some((url) => url.includes('/v1/stream?'))).toBe(true);
    });

    it('opens live from the address `simex serve --market agents` prints', async () => {
      const serve = await spawnServer(['--port', '0', '--market', 'agents']);
      const line = await serve.line('stdout', /^dashboard: /);
      const address = line.slice('dashboard: '.length);
      expect(address).toMatch(new RegExp(`^${serve.url}/#key=sk_[A-Za-z0-9_-]{32}$`));
      const opened = await open(address);
      await opened.page.waitForFunction(
        () => document.querySelectorAll('#status')[0]!.textContent === 'live: BTC-USD',
      );
      expect(opened.requests).toContain(`${serve.url}/v1/instruments`);
      expect(opened.errors).toEqual([]);
    });
  },
);
