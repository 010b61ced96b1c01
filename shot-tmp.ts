import { openFile } from '/work/wt-report/test/backtest/browser.ts';
const o = await openFile(process.argv[2]!);
const y = Number(process.argv[4] ?? 0);
await o.page.screenshot({ path: process.argv[3]!, fullPage: true, clip: { x: 0, y, width: 1280, height: 1400 } });
console.log(JSON.stringify({ errors: o.errors, requests: o.requests }));
await o.close();
