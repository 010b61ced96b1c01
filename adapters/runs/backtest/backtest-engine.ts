/**
 * The backtest's event loop. Flow rows go through the venue in file order; between them, in time
 * order, runs the pending work (pending-work.ts). The engine wires the parts: the venue listener
 * that turns the venue's events into the strategy's fills and hook events, the refusal counts,
 * and the hook dispatcher.
 */
import {
  ACTION_NEW,
  MAX_QUERY_LIMIT,
  Venue,
  type InstrumentSpec,
  type Lots,
  type OrderCommand,
  type Ticks,
} from '../../../src/index.js';
import type { ArrowBatches, FlowFeed } from '../../flow/arrow/index.js';
import { ROW_DECLINED, ROW_TAKEN, type ParsedScenarioRow } from '../../flow/index.js';
import { ScenarioClock } from '../../flow/scenario-clock.js';
import {
  FINAL_ORDER_RETENTION,
  ScenarioDriver,
  type Refusal,
  type RefusalCode,
} from '../../flow/driver/index.js';
import { L2Feed, L2RowError } from '../../flow/l2/l2-feed.js';
import type { L2Row } from '../../flow/l2/l2-row.js';
import type { QueueModel } from '../../flow/l2/queue-model.js';
import { PROGRESS_EVERY } from '../../output/progress-bar.js';
import {
  AccountClashError,
  L2FlowError,
  type BacktestConfig,
  type BacktestHandlers,
} from './backtest-config.js';
import { EquitySampler } from './equity-sampler.js';
import { FlowDisplacement } from './flow-displacement.js';
import { HookDispatcher, wantedEvents } from './hook-dispatcher.js';
import { DelayedView, type HookEvent } from './latency/delayed-view.js';
import { LatencyModel } from './latency/latency-model.js';
import { PendingWork } from './pending-work.js';
import { RefusalCounts } from './refusal-counts.js';
import type { Strategy } from './strategy.js';
import { createContext, venueReads } from './strategy-context.js';
import { StrategyOrders } from './strategy-orders.js';
import { moneyScaleFor, SymbolLedger } from './symbol-ledger.js';
import { StrategyEventRouter } from './strategy-event-router.js';

export type { BacktestConfig } from './backtest-config.js';

export class BacktestEngine {
  readonly clock = new ScenarioClock();
  readonly venue: Venue;
  readonly ledgers: readonly SymbolLedger[];
  readonly sampler: EquitySampler;
  readonly orders: StrategyOrders;
  /** Drives the flow's rows; only they are mapped by scenario id. */
  readonly flow: ScenarioDriver;
  readonly flowRefusals: Map<RefusalCode, number>;
  readonly actionRefusals: Map<string, number>;
  startTime: number | null = null;
  endTime: number | null = null;
  unsentActions = 0;
  readonly #events: HookEvent[] = [];
  /** Null without response and feed latency: the strategy sees the venue as it is. */
  readonly #view: DelayedView | null;
  readonly #refusals: RefusalCounts;
  readonly #hooks: HookDispatcher;
  readonly #pending: PendingWork;
  /** The strategy's account id in the core. */
  readonly #account: number;
  /** Null under full market impact. */
  readonly #displacement: FlowDisplacement | null;
  readonly #restCommand: OrderCommand;
  readonly #onProgress: (() => void) | undefined;
  /** The current L2 row's local time minus its exchange time (`--latency-feed data`). */
  #rowLatency = 0;

  constructor(
    instruments: readonly InstrumentSpec[],
    readonly strategy: Strategy,
    readonly config: BacktestConfig,
    readonly handlers: BacktestHandlers = {},
  ) {
    const created = Venue.create({
      clock: this.clock.read,
      ...(instruments.length > 0 ? { instruments } : {}),
      tradeRetention: MAX_QUERY_LIMIT,
      orderRetention: FINAL_ORDER_RETENTION,
    });
    if (!created.ok) throw new Error(created.error.message);
    this.venue = created.value;
    const listed = this.venue.instruments();
    const scale = moneyScaleFor(listed, config.fees);
    this.ledgers = listed.map((instrument) => new SymbolLedger(instrument, scale, config.fees));
    const ledgers = new Map<string, SymbolLedger>();
    for (const ledger of this.ledgers) ledgers.set(ledger.instrument.symbol, ledger);
    this.sampler = new EquitySampler(this.ledgers);
    this.orders = new StrategyOrders(this.venue, config.account);
    this.flow = new ScenarioDriver(this.venue, this.clock);
    const latency = new LatencyModel(config.latency, () => this.#rowLatency);
    const view = latency.delayed
      ? new DelayedView(
          this.venue,
          this.clock.read,
          listed.map((instrument) => new SymbolLedger(instrument, scale, config.fees)),
          latency,
          this.orders,
        )
      : null;
    this.#view = view;
    const wants = wantedEvents(strategy);
    this.#refusals = new RefusalCounts(view, wants.refused, this.#events);
    this.flowRefusals = this.#refusals.flow;
    this.actionRefusals = this.#refusals.actions;
    const context = createContext({
      venue: this.venue,
      clock: this.clock,
      account: config.account,
      params: config.params,
      orders: this.orders,
      market: view === null ? venueReads(this.venue) : view.replica,
      ledger: (symbol) => (view === null ? ledgers : view.ledgers).get(symbol),
      inFlight: () => this.orders.waiting() + (view === null ? 0 : view.unanswered),
      send: (kind, id, payload) => this.#pending.send(kind, id, payload),
    });
    this.#hooks = new HookDispatcher(strategy, context, this.clock);
    this.#account = this.venue.core.accountId(config.account);
    const router = new StrategyEventRouter(
      this.venue,
      this.ledgers,
      ledgers,
      this.orders,
      config.account,
      this.#account,
      view,
      wants,
      this.#events,
      handlers.onFill,
    );
    router.listen();
    this.#pending = new PendingWork(
      this.clock,
      this.orders,
      latency,
      view,
      this.#events,
      this.#hooks,
      this.#refusals,
      ledgers,
      this.sampler,
      router,
      config,
    );
    this.#displacement =
      config.marketImpact === 'none' ? new FlowDisplacement(this.venue, this.#account) : null;
    this.#displacement?.listen();
    this.#restCommand = this.venue.core.newCommand();
    this.#onProgress = handlers.onProgress;
  }

  /**
   * Runs the flow: rows a batch at a time (one await per batch, not per row), or an Arrow flow
   * of simex's column kinds (readsAsCodes), whose plain rows go to the venue as numbers.
   */
  async run(flow: AsyncIterable<readonly ParsedScenarioRow[]> | ArrowBatches): Promise<void> {
    if ('decoder' in flow) {
      // Loaded for an Arrow flow only: a CSV flow's process never loads apache-arrow.
      const { feedFlow } = await import('../../flow/arrow/flow-feed.js');
      await feedFlow(flow, this.venue.core, this.#feed);
    } else for await (const batch of flow) for (const row of batch) this.#flowRow(row);
    this.#end();
  }

  /**
   * Runs an L2 flow (docs/l2.md): its levels and trades reach the venue through an L2Feed under
   * `model`; row n (from 1) that the venue cannot take stops the run with L2FlowError(n).
   */
  async runL2(
    flow: AsyncIterable<readonly L2Row[]> | Iterable<readonly L2Row[]>,
    model: QueueModel,
  ): Promise<void> {
    const feed = new L2Feed(this.venue, model);
    let line = 0;
    for await (const batch of flow)
      for (const row of batch) {
        line++;
        // The venue's time never goes back: a row stamped before the one before it runs at its time.
        const ts = Math.max(row.exchangeTs, this.clock.now);
        this.#beforeRow(ts);
        this.clock.now = ts;
        const latency = row.localTs - row.exchangeTs;
        this.#rowLatency = latency > 0 ? latency : 0;
        try {
          feed.apply(row);
        } catch (error) {
          if (error instanceof L2RowError) throw new L2FlowError(line, error.message);
          throw error;
        }
        this.flow.rowCount++;
        this.#afterRow(ts);
      }
    feed.finish();
    this.#end();
  }

  #end(): void {
    this.endTime = this.clock.now;
    if (this.startTime === null) return;
    this.#pending.run(this.endTime, true);
    if (this.sampler.lastTime < this.endTime) this.sampler.sample(this.endTime);
    this.#hooks.call('onEnd', undefined);
    this.unsentActions = this.orders.drop();
  }

  /**
   * Applies rows before `run`, with the strategy not started: they only shape the book, the trade
   * history and the last prices (a holdout's out-of-sample part starts where the first part ends).
   * They are not counted in `flow.rowCount`, nor are their refusals.
   */
  warmUp(batches: readonly (readonly ParsedScenarioRow[])[]): void {
    for (const batch of batches) for (const row of batch) this.flow.feed(row);
    this.flow.rowCount = 0;
    this.#events.length = 0;
    this.#view?.absorb();
  }

  #flowRow(row: ParsedScenarioRow): void {
    const { account } = this.config;
    this.#beforeRow(row.ts);
    if (row.account === account)
      throw new AccountClashError(
        row.line,
        `the flow trades under account ${account}, the strategy's; choose another --account`,
      );
    this.#afterFlowRow(row, this.flow.feed(row));
  }

  /** A flow row applied or refused: its refusal counted, the displaced rest placed, then what follows. */
  #afterFlowRow(row: ParsedScenarioRow, refusal: Refusal | null): void {
    if (refusal !== null) this.#refusals.flowRow(refusal.code);
    const rest = this.#displacedRest();
    if (rest !== null) {
      this.flow.submit(row.ts, row.id, rest);
      this.flow.rowCount--; // the row's own order, continued: not a row of its own
    }
    this.#afterRow(row.ts);
  }

  /** The flow's plain rows as commands; a row under the strategy's account is decoded (refused). */
  readonly #feed: FlowFeed = {
    submit: (times, at, id, idStart, idEnd, command) => {
      if (command.account === this.#account) return ROW_DECLINED;
      // The row's time is read where it is used (pending-work.ts dueBefore), never passed on.
      if (this.startTime === null || this.#pending.dueBefore(times, at))
        this.#beforeRow(times[at]!);
      const answer = this.flow.submitBytes(times, at, id, idStart, idEnd, command);
      if (answer !== ROW_TAKEN) return answer;
      if (this.#displacement !== null && command.action === ACTION_NEW)
        this.#placeDisplacedRest(times, at, id, idStart, idEnd);
      this.#pending.settleRow(times, at);
      if (this.#onProgress !== undefined) this.#progress();
      return ROW_TAKEN;
    },
    row: (row) => (this.#flowRow(row), true),
    refused: (row, code) => (this.#afterFlowRow(row, this.flow.refusal(row.id, code)), true),
    numbered: () => this.flow.numberedIds(false),
  };

  /**
   * After the Arrow flow's `new` row: its displaced rest placed under the row's id. Kept out of
   * the feed's `submit`, which then holds one call of `submitBytes` (the one every row makes).
   */
  #placeDisplacedRest(
    times: Float64Array,
    at: number,
    id: Uint8Array,
    idStart: number,
    idEnd: number,
  ): void {
    const rest = this.#displacedRest();
    if (rest === null) return;
    this.flow.submitBytes(times, at, id, idStart, idEnd, rest);
    this.flow.rowCount--; // the row's own order, continued: not a row of its own
  }

  /**
   * The rest of a flow taker whose order the strategy's fills displaced (flow-displacement.ts), as
   * a gtc limit command to place under the row's own id; null when there is none.
   */
  #displacedRest(): OrderCommand | null {
    const lots = this.#displacement?.settle() ?? 0;
    if (lots <= 0) return null;
    const { account, book, side, priceTicks } = this.#displacement!.rest;
    const command = this.#restCommand.clear();
    command.account = account;
    command.book = book;
    command.side = side;
    command.price = priceTicks as Ticks;
    command.size = lots as Lots;
    return command;
  }

  /** Before a flow row at `ts`: the start, then what is due before it. */
  #beforeRow(ts: number): void {
    if (this.startTime === null) this.#start(ts);
    this.#pending.runBefore(ts);
  }

  #afterRow(ts: number): void {
    this.#pending.settle(ts, false);
    this.#progress();
  }

  #progress(): void {
    const onProgress = this.#onProgress;
    if (onProgress !== undefined && this.flow.rowCount % PROGRESS_EVERY === 0) onProgress();
  }

  #start(time: number): void {
    this.startTime = time;
    this.clock.now = time;
    this.#pending.start(time);
    this.#hooks.call('onStart', undefined);
    this.#pending.reschedule();
  }
}
