/**
 * `npm run bench:calibrate`: the truth table of the queue models (docs/l2.md, "How far to trust
 * each model"). On each LOBSTER sample day, the example market maker (scenarios/strategies/) runs
 * at two spreads on the day's L3 flow (exact queue positions: the truth; under marketImpact 'none',
 * the L2 feed's own rule, so both runs keep the recorded book) and on its L2 view under
 * each queue model; each L2 run's fills are matched to the L3 run's. Prints a Markdown table per
 * model, summed over the days and spreads, and one per spread. Days come from ../shared/data/lobster
 * or /work/shared/data/lobster; BENCH_DAYS=AAPL_1,GOOG_10 picks some.
 */
import { existsSync, readFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { backtestFlow, backtestL2 } from '../../adapters/runs/backtest/in-process.js';
import type { BacktestConfig } from '../../adapters/runs/backtest/backtest-config.js';
import { parseFeeRate } from '../../adapters/runs/backtest/money.js';
import type { StrategyFill } from '../../adapters/runs/backtest/strategy.js';
import { loadStrategy } from '../../adapters/runs/backtest/strategy-loader.js';
import { ParamValues } from '../../adapters/runs/backtest/strategy-params.js';
import { openScenario } from '../../adapters/flow/csv/index.js';
import { lobsterL2View } from '../../adapters/flow/l2/lobster-l2-view.js';
import type { L2Row } from '../../adapters/flow/l2/l2-row.js';
import { parseQueueModel, type QueueModel } from '../../adapters/flow/l2/queue-model.js';
import {
  convertLobster,
  emptyCounts,
  lobsterInstrument,
  readLobsterMessages,
  readLobsterOrderbook,
  writeScenario,
} from '../../adapters/flow/lobster/index.js';
import { Exact } from '../../adapters/units/units.js';
import { MAKER_STRATEGY } from './simex-build.js';

const DAYS = ['AAPL_1', 'AMZN_1', 'AMZN_5', 'GOOG_1', 'GOOG_5', 'GOOG_10'];
const MODELS = ['risk_averse', 'power:2', 'power:3', 'log'];
const SPREADS = ['2', '8'];
/** An L2 fill matches an L3 fill of the same side and price at most this far apart in time. */
const TOLERANCE_MS = 1000;
const DAY_MS = Date.UTC(2012, 5, 21);
const STRATEGY = MAKER_STRATEGY;
const SAMPLE_DIR = [
  fileURLToPath(new URL('../../../shared/data/lobster/', import.meta.url)),
  '/work/shared/data/lobster/',
].find((dir) => existsSync(dir));

interface Fill {
  readonly side: string;
  readonly price: string;
  readonly size: string;
  readonly time: number;
}

interface Tally {
  runs: number;
  fills: number;
  volume: number;
  matched: number;
  matchedVolume: number;
  /** Matched on side and time only. */
  matchedAnyPrice: number;
  /** Sum of |L2 time - L3 time| over the matched fills, ms. */
  timeError: number;
  pnl: InstanceType<typeof Exact>;
  /** Sum of |L2 PnL - L3 PnL| over the runs. */
  pnlError: InstanceType<typeof Exact>;
}

const tally = (): Tally => ({
  runs: 0,
  fills: 0,
  volume: 0,
  matched: 0,
  matchedVolume: 0,
  matchedAnyPrice: 0,
  timeError: 0,
  pnl: new Exact(0),
  pnlError: new Exact(0),
});

function config(spread: string): BacktestConfig {
  return {
    account: 'strategy',
    latency: {
      entry: { kind: 'constant', ms: 0 },
      cancel: { kind: 'constant', ms: 0 },
      amend: { kind: 'constant', ms: 0 },
      response: { kind: 'constant', ms: 0 },
      feed: { kind: 'constant', ms: 0 },
      order: 'fifo',
      seed: 0,
    },
    intervalMs: 1000,
    sampleMs: 60_000,
    fees: { maker: parseFeeRate('0')!, taker: parseFeeRate('0')! },
    params: new ParamValues({ size: '100', spread_ticks: spread }),
    marketImpact: 'none',
  };
}

async function dayFiles(day: string) {
  const zip = `${SAMPLE_DIR}LOBSTER_SampleFile_${day.replace('_', '_2012-06-21_')}.zip`;
  const files = unzipSync(readFileSync(zip));
  const entry = (part: string) =>
    Buffer.from(files[Object.keys(files).find((name) => name.includes(part))!]!);
  return { messages: entry('_message_'), orderbook: entry('_orderbook_') };
}

async function l3Scenario(symbol: string, messages: Buffer, orderbook: Buffer): Promise<string> {
  const converted = convertLobster(
    readLobsterMessages(Readable.from([messages]), 'message.csv'),
    {
      symbol,
      dayMs: DAY_MS,
      messageFile: 'message.csv',
      orderbook: {
        rows: readLobsterOrderbook(Readable.from([orderbook]), 'orderbook.csv'),
        file: 'orderbook.csv',
      },
    },
    emptyCounts(),
  );
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  await writeScenario(symbol, converted, sink);
  return chunks.join('');
}

async function l2View(symbol: string, messages: Buffer, orderbook: Buffer): Promise<L2Row[]> {
  const rows: L2Row[] = [];
  const view = lobsterL2View(
    readLobsterMessages(Readable.from([messages]), 'message.csv'),
    readLobsterOrderbook(Readable.from([orderbook]), 'orderbook.csv'),
    { symbol, dayMs: DAY_MS, orderbookFile: 'orderbook.csv' },
  );
  for await (const message of view) rows.push(...message.rows);
  return rows;
}

const asFill = (fill: StrategyFill): Fill => ({
  side: fill.side,
  price: fill.price,
  size: fill.size,
  time: fill.timestamp,
});

async function runL3(scenario: string, spread: string) {
  const strategy = await loadStrategy(STRATEGY, config(spread).params);
  const flow = await openScenario(Readable.from([scenario]), 'l3.csv');
  const fills: Fill[] = [];
  const run = await backtestFlow(
    strategy,
    config(spread),
    flow,
    { strategy: STRATEGY, data: 'l3.csv' },
    { onFill: (fill) => fills.push(asFill(fill)) },
  );
  if (!run.ok) throw new Error(run.error.message);
  return { fills, pnl: String(run.value.summary.symbols[0]!['net_pnl']) };
}

async function runL2(symbol: string, rows: L2Row[], spread: string, model: QueueModel) {
  const strategy = await loadStrategy(STRATEGY, config(spread).params);
  const fills: Fill[] = [];
  const run = await backtestL2(
    strategy,
    config(spread),
    { instruments: [lobsterInstrument(symbol)], batches: [rows], locate: (n) => `l2 row ${n}` },
    model,
    { strategy: STRATEGY, data: 'l2' },
    { onFill: (fill) => fills.push(asFill(fill)) },
  );
  if (!run.ok) throw new Error(run.error.message);
  return { fills, pnl: String(run.value.summary.symbols[0]!['net_pnl']) };
}

/** Greedy, in time order: each L2 fill takes the earliest unmatched L3 fill it can. */
function match(
  l2: readonly Fill[],
  l3: readonly Fill[],
  samePrice = true,
): { count: number; volume: number; error: number } {
  const used = new Uint8Array(l3.length);
  let count = 0;
  let volume = 0;
  let error = 0;
  let start = 0;
  for (const fill of l2) {
    while (start < l3.length && l3[start]!.time < fill.time - TOLERANCE_MS) start++;
    for (let i = start; i < l3.length && l3[i]!.time <= fill.time + TOLERANCE_MS; i++) {
      const truth = l3[i]!;
      if (used[i] === 1 || truth.side !== fill.side || (samePrice && truth.price !== fill.price))
        continue;
      used[i] = 1;
      count++;
      volume += Math.min(Number(fill.size), Number(truth.size));
      error += Math.abs(fill.time - truth.time);
      break;
    }
  }
  return { count, volume, error };
}

function add(
  into: Tally,
  fills: readonly Fill[],
  pnl: string,
  truthPnl: string,
  matched?: ReturnType<typeof match>,
  anyPrice = 0,
) {
  into.runs++;
  into.fills += fills.length;
  into.volume += fills.reduce((sum, fill) => sum + Number(fill.size), 0);
  into.pnl = into.pnl.plus(pnl);
  into.pnlError = into.pnlError.plus(new Exact(pnl).minus(truthPnl).abs());
  if (matched !== undefined) {
    into.matched += matched.count;
    into.matchedVolume += matched.volume;
    into.matchedAnyPrice += anyPrice;
    into.timeError += matched.error;
  }
}

function table(title: string, tallies: Map<string, Tally>): string {
  const truth = tallies.get('L3 (truth)')!;
  const lines = [
    `${title}`,
    '',
    '| model | fills | filled volume | fills matched to L3 | matched volume | matched, any price | mean fill-time error (ms) | net PnL | mean abs PnL error per run |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [name, t] of tallies) {
    const isTruth = t === truth;
    const share = (part: number, whole: number) =>
      whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`;
    lines.push(
      `| ${name} | ${t.fills} | ${t.volume} | ${isTruth ? '-' : `${t.matched} (${share(t.matched, truth.fills)} of L3's)`} | ${isTruth ? '-' : `${t.matchedVolume} (${share(t.matchedVolume, truth.volume)})`} | ${isTruth ? '-' : `${t.matchedAnyPrice} (${share(t.matchedAnyPrice, truth.fills)})`} | ${isTruth || t.matched === 0 ? '-' : (t.timeError / t.matched).toFixed(0)} | ${t.pnl.toFixed(2)} | ${isTruth ? '-' : t.pnlError.dividedBy(t.runs).toFixed(2)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  if (SAMPLE_DIR === undefined) {
    process.stderr.write('bench:calibrate: no LOBSTER samples at ../shared/data/lobster\n');
    process.exitCode = 2;
    return;
  }
  const picked = process.env['BENCH_DAYS']?.split(',') ?? DAYS;
  const models = MODELS.map((text) => parseQueueModel(text) as QueueModel);
  const all = new Map<string, Tally>();
  const bySpread = new Map<string, Map<string, Tally>>();
  const slot = (map: Map<string, Tally>, name: string) =>
    map.get(name) ?? (map.set(name, tally()), map.get(name)!);
  const started = performance.now();
  for (const day of picked) {
    const symbol = `${day.split('_')[0]}-USD`;
    const { messages, orderbook } = await dayFiles(day);
    const scenario = await l3Scenario(symbol, messages, orderbook);
    const rows = await l2View(symbol, messages, orderbook);
    for (const spread of SPREADS) {
      const spreadTallies =
        bySpread.get(spread) ?? (bySpread.set(spread, new Map()), bySpread.get(spread)!);
      const truth = await runL3(scenario, spread);
      for (const into of [all, spreadTallies])
        add(slot(into, 'L3 (truth)'), truth.fills, truth.pnl, truth.pnl);
      const line = [`${day} spread ${spread}: L3 ${truth.fills.length} fills, PnL ${truth.pnl}`];
      for (const model of models) {
        const run = await runL2(symbol, rows, spread, model);
        const matched = match(run.fills, truth.fills);
        const anyPrice = match(run.fills, truth.fills, false).count;
        for (const into of [all, spreadTallies])
          add(slot(into, model.name), run.fills, run.pnl, truth.pnl, matched, anyPrice);
        line.push(`${model.name} ${run.fills.length} (${matched.count} matched), PnL ${run.pnl}`);
      }
      process.stderr.write(`${line.join('; ')}\n`);
    }
  }
  const out = [
    table(`All days (${picked.join(', ')}), spreads ${SPREADS.join(' and ')} ticks`, all),
    ...[...bySpread].map(([spread, tallies]) => table(`Spread ${spread} ticks`, tallies)),
    `(${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
  ];
  process.stdout.write(out.join('\n'));
}

await main();
