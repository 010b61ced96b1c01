import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBacktestOptions } from '../../adapters/runs/backtest/backtest-options.js';
import { runBacktestCommand } from '../../adapters/runs/backtest/run-backtest.js';
import { noBrowser, openFile, type OpenedPage } from './browser.js';
import { captureIo, tempFiles, writeGeneratedFlow } from './helpers.js';

// The page's DOM as far as these tests use it (the project compiles without the DOM library).
interface Canvas {
  width: number;
  height: number;
  toDataURL(): string;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  } | null;
}
declare const document: {
  getElementById(id: string): { textContent: string | null } | null;
  querySelector(selector: string): Canvas | null;
};

// Made only when the tests run: a file whose tests are all skipped runs no afterAll.
let dir: string | undefined;
let opened: OpenedPage;

interface ChartData {
  id: string;
  series: { color: string; values: (number | null)[] }[];
}
interface ReportData {
  charts: ChartData[];
}

beforeAll(async () => {
  if (noBrowser !== null) return;
  dir = tempFiles({});
  const flow = join(dir, 'flow.csv');
  await writeGeneratedFlow(flow, 11, 6000);
  const options = parseBacktestOptions({
    strategy: 'scenarios/strategies/market-maker.ts',
    data: flow,
    out: join(dir, 'out'),
    latency: '20ms',
    interval: '1s',
    sample: '10s',
    makerFee: '-0.0001',
    takerFee: '0.0005',
    param: ['size=0.05'],
  });
  if (typeof options === 'string') throw new Error(options);
  expect(await runBacktestCommand(options, captureIo().io)).toBe(0);
  opened = await openFile(join(dir, 'out', 'report.html'));
}, 60_000);

afterAll(async () => {
  await opened?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(noBrowser !== null)(
  `report.html in headless Chromium${noBrowser === null ? '' : ` (skipped: ${noBrowser})`}`,
  () => {
    it('draws every chart, with each series in its colour, without errors or requests', async () => {
      const { page } = opened;
      const charts = await page.evaluate(
        () =>
          (JSON.parse(document.getElementById('report-data')!.textContent!) as ReportData).charts,
      );
      // Equity, drawdown and round trips for USD, then a price chart for BTC-USD (the one traded).
      expect(charts.map((chart) => chart.id)).toEqual([
        'q0-equity',
        'q0-drawdown',
        'q0-trips',
        's0-price',
      ]);
      for (const chart of charts) {
        const colors = chart.series
          .filter((series) => series.values.some((value) => value !== null))
          .map((series) => series.color);
        const counts = await page.evaluate(
          ({ id, colors }) => {
            const canvas = document.querySelector(`#${id} canvas`)!;
            const { width, height } = canvas;
            const pixels = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
            const rgb = colors.map((hex) =>
              [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)),
            );
            const counts = colors.map(() => 0);
            let drawn = 0;
            for (let i = 0; i < pixels.length; i += 4) {
              if (pixels[i + 3]! === 0) continue;
              drawn++;
              rgb.forEach(([r, g, b], c) => {
                const near = Math.abs(pixels[i]! - r!) + Math.abs(pixels[i + 1]! - g!);
                if (near + Math.abs(pixels[i + 2]! - b!) < 40) counts[c]!++;
              });
            }
            return { width, height, drawn, counts };
          },
          { id: chart.id, colors },
        );
        expect(counts.width, chart.id).toBeGreaterThan(0);
        expect(counts.height, chart.id).toBeGreaterThan(0);
        expect(counts.drawn, chart.id).toBeGreaterThan(1000);
        counts.counts.forEach((count, i) =>
          expect(count, `${chart.id} ${colors[i]}`).toBeGreaterThan(5),
        );
      }
      expect(opened.errors).toEqual([]);
      expect(opened.requests).toEqual([]);
      if (process.env['SIMEX_SCREENSHOT'] !== undefined)
        await page.screenshot({ path: process.env['SIMEX_SCREENSHOT'], fullPage: true });
    });

    it('hover shows the time in UTC; wheel zoom and shift-drag pan move every chart together', async () => {
      const { page } = opened;
      const over = page.locator('#q0-equity .u-over');
      await over.scrollIntoViewIfNeeded();
      const box = (await over.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await expect
        .poll(() => page.locator('#q0-equity .u-legend .u-series').first().textContent())
        .toMatch(/time \(UTC\)2026-01-05 \d\d:\d\d:\d\d\.\d{3}/);
      const priceChart = () =>
        page.evaluate(() => document.querySelector('#s0-price canvas')!.toDataURL());
      const before = await priceChart();
      await page.mouse.wheel(0, -300);
      await expect.poll(priceChart).not.toBe(before);
      const zoomed = await priceChart();
      await page.keyboard.down('Shift');
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2, { steps: 5 });
      // Panning, not selecting a range to zoom into.
      expect(
        await page
          .locator('#q0-equity .u-select')
          .evaluate((e: { clientWidth: number }) => e.clientWidth),
      ).toBe(0);
      await page.mouse.up();
      await page.keyboard.up('Shift');
      await expect.poll(priceChart).not.toBe(zoomed);
      expect(opened.errors).toEqual([]);
      expect(opened.requests).toEqual([]);
    });
  },
);
