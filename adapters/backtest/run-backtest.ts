/**
 * `simex backtest` as a function: loads the strategy, runs it against the flow, writes the
 * outputs (renamed into place only on success) and prints the summary table. Returns the exit
 * code: 0 done, 1 a strategy hook threw, 2 a bad strategy file, data file or --param.
 */
import { statSync } from 'node:fs';
import { EXIT_CODES } from '../exit-codes.js';
import { openFlowFile } from '../arrow/index.js';
import { ScenarioSyntaxError, type Scenario } from '../csv/index.js';
import { OutputDirectory } from '../output/output-files.js';
import { progressBar } from '../output/progress-bar.js';
import { AccountClashError, BacktestEngine } from './backtest-engine.js';
import type { BacktestOptions } from './backtest-options.js';
import { StrategyRuntimeError } from './hook-failure.js';
import { LatencyFileError } from './latency/recorded-latency.js';
import { equityCsv, FILLS_HEADER, fillLine, roundTripsCsv } from './records.js';
import { FillMarkers } from './report-charts.js';
import { reportHtml } from './report-html.js';
import { RoundTrips } from './round-trips.js';
import { StrategyLoadError, loadStrategy, timerWarning } from './strategy-loader.js';
import { summarize, summaryJson } from './summary.js';
import { summaryTable } from './summary-table.js';

export const EXIT_STRATEGY_FAILED = EXIT_CODES.run_failed;
export const EXIT_BAD_INPUT = EXIT_CODES.bad_input;

export interface BacktestIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: NodeJS.WriteStream | { write(text: string): unknown; isTTY?: boolean };
}

export async function runBacktest(options: BacktestOptions, io: BacktestIo): Promise<number> {
  const { strategyFile, dataFile, config } = options;
  const fail = (code: number, message: string) => (io.stderr.write(`${message}\n`), code);
  let totalBytes: number;
  try {
    totalBytes = statSync(dataFile).size;
  } catch (error) {
    return fail(
      EXIT_BAD_INPUT,
      `${dataFile}: cannot read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  let strategy;
  try {
    strategy = await loadStrategy(strategyFile, config.params);
  } catch (error) {
    if (error instanceof StrategyLoadError) return fail(EXIT_BAD_INPUT, error.message);
    throw error;
  }
  io.stderr.write(timerWarning(strategy, strategyFile, config.intervalMs));
  const output = options.out === null ? null : new OutputDirectory(options.out, process.pid);
  let scenario: Scenario | null = null;
  try {
    scenario = await openFlowFile(dataFile);
    const fills = output?.open('fills.csv') ?? null;
    fills?.write(FILLS_HEADER);
    let rows = () => 0;
    const bar =
      'isTTY' in io.stderr && io.stderr.isTTY === true
        ? progressBar(
            { totalBytes, bytesRead: () => scenario?.bytesRead() ?? 0, rows: () => rows() },
            io.stderr as NodeJS.WriteStream,
          )
        : null;
    const markers = new FillMarkers();
    const trips = new RoundTrips();
    const engine = new BacktestEngine(scenario.instruments, strategy, config, {
      onFill: (fill, ledger) => {
        trips.add(fill, ledger);
        fills?.write(fillLine(fill, ledger));
        markers.add(fill);
      },
      ...(bar === null ? {} : { onProgress: () => bar.update() }),
    });
    rows = () => engine.flow.rowCount;
    await engine.run(scenario.batches);
    bar?.done();
    if (engine.flow.rowCount === 0)
      return fail(EXIT_BAD_INPUT, `${dataFile}: no rows to backtest against`);
    const summary = summarize(engine, { strategy: strategyFile, data: dataFile }, trips);
    if (output !== null) {
      output.open('summary.json').write(summaryJson(summary));
      output.open('equity.csv').write(equityCsv(engine.sampler));
      output.open('round_trips.csv').write(roundTripsCsv(trips.closed));
      output.open('report.html').write(reportHtml(summary, engine.sampler, markers, trips.closed));
      output.commit();
    }
    io.stdout.write(summaryTable(summary));
    return 0;
  } catch (error) {
    scenario?.close();
    if (error instanceof ScenarioSyntaxError) return fail(EXIT_BAD_INPUT, error.message);
    if (error instanceof LatencyFileError) return fail(EXIT_BAD_INPUT, error.message);
    if (error instanceof AccountClashError)
      return fail(EXIT_BAD_INPUT, `${scenario!.locate(error.line)}: ${error.reason}`);
    if (error instanceof StrategyRuntimeError)
      return fail(
        error.badParam ? EXIT_BAD_INPUT : EXIT_STRATEGY_FAILED,
        `${strategyFile}: ${error.message}; nothing written`,
      );
    throw error;
  } finally {
    output?.discard();
  }
}
