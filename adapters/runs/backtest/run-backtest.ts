/**
 * `simex backtest` as a function: loads the strategy, runs it against the flow (backtestFlow),
 * writes the outputs (renamed into place only on success) and prints the summary table. Returns
 * the exit code: 0 done, 1 a strategy hook threw, 2 a bad strategy file, data file or --param.
 */
import { statSync } from 'node:fs';
import { EXIT_CODES } from '../../exit-codes.js';
import { openFlowSource } from '../../flow/arrow/flow-file.js';
import { OutputDirectory } from '../../output/output-files.js';
import { progressBar, PROGRESS_EVERY } from '../../output/progress-bar.js';
import type { BacktestOptions } from './backtest-options.js';
import { backtestFailure, backtestFlow, backtestL2, type FlowSource } from './in-process.js';
import { openL2Source } from './l2-flow-file.js';
import { strategyQueueModel } from './strategy-queue-model.js';
import { equityCsv, FILLS_HEADER, fillLine, roundTripsCsv } from './records.js';
import { FillMarkers } from './report-charts.js';
import { reportHtml } from './report-html.js';
import { StrategyLoadError, loadStrategy, timerWarning } from './strategy-loader.js';
import { summaryJson } from './summary.js';
import { summaryTable } from './summary-table.js';
import type { StrategyFill } from './strategy.js';
import type { SymbolLedger } from './symbol-ledger.js';

export const EXIT_STRATEGY_FAILED = EXIT_CODES.run_failed;
export const EXIT_BAD_INPUT = EXIT_CODES.bad_input;

export interface BacktestIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: NodeJS.WriteStream | { write(text: string): unknown; isTTY?: boolean };
}

export async function runBacktestCommand(
  options: BacktestOptions,
  io: BacktestIo,
): Promise<number> {
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
  let flow: (FlowSource & { bytesRead(): number; close(): void }) | null = null;
  let l2: Awaited<ReturnType<typeof openL2Source>> | null = null;
  try {
    const queueModel =
      options.queueModel === 'strategy' ? strategyQueueModel(strategy) : options.queueModel;
    if (queueModel === null && options.queueModel === 'strategy')
      return fail(
        EXIT_BAD_INPUT,
        `${strategyFile}: --queue-model strategy needs a queueShare(ahead, behind) method`,
      );
    if (queueModel !== null) {
      const { openL2File } = await import('../../flow/l2/l2-file.js');
      l2 = await openL2Source(dataFile, openL2File);
    } else flow = await openFlowSource(dataFile);
    const fills = output?.open('fills.csv') ?? null;
    fills?.write(FILLS_HEADER);
    let rows = 0;
    const bar =
      'isTTY' in io.stderr && io.stderr.isTTY === true
        ? progressBar(
            { totalBytes, bytesRead: () => flow?.bytesRead() ?? 0, rows: () => rows },
            io.stderr as NodeJS.WriteStream,
          )
        : null;
    const markers = new FillMarkers();
    const inputs = { strategy: strategyFile, data: dataFile };
    const handlers = {
      onFill: (fill: StrategyFill, ledger: SymbolLedger) => {
        fills?.write(fillLine(fill, ledger));
        markers.add(fill);
      },
      ...(bar === null ? {} : { onProgress: () => ((rows += PROGRESS_EVERY), bar.update()) }),
    };
    const run =
      l2 !== null && queueModel !== null
        ? await backtestL2(strategy, config, l2, queueModel, inputs, handlers)
        : await backtestFlow(strategy, config, flow!, inputs, handlers);
    bar?.done();
    if (!run.ok) {
      const { code, message, hook } = run.error;
      return fail(EXIT_CODES[code], hook === true ? `${message}; nothing written` : message);
    }
    const { summary, engine, trips } = run.value;
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
    const locate = flow?.locate ?? l2?.locate ?? ((line: number) => `${dataFile}:${line}`);
    const failure = backtestFailure(error, strategyFile, locate);
    return fail(EXIT_CODES[failure.code], failure.message);
  } finally {
    flow?.close();
    l2?.close();
    output?.discard();
  }
}
