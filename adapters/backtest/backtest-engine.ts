/**
 * The backtest's event loop. Flow rows go through the venue in file order; between them, in time
 * order, come the strategy's actions when their latency is over, the messages to the strategy
 * when theirs is (under response or feed latency), `onTimer` ticks and equity samples. Anything
 * due at time t runs after every flow row stamped t (ties go to the flow); at one time: actions,
 * then messages, then the timer, then the sample. Without response and feed latency, the events
 * a command causes are handed to the hooks as soon as the command has returned.
 */
import {
  MAX_QUERY_LIMIT,
  Venue,
  type InstrumentSpec,
  type NumericListener,
  type TradeRecord,
  type VenueEvent,
} from '../../src/index.js';
import type { ArrowBatches, FlowFeed } from '../arrow/index.js';
import type { ParsedScenarioRow } from '../csv/index.js';
import { ScenarioClock } from '../csv/scenario-clock.js';
import { formatScenarioTime } from '../csv/scenario-time.js';
import { FINAL_ORDER_RETENTION, ScenarioDriver, type RefusalCode } from '../driver/index.js';
import { PROGRESS_EVERY } from '../output/progress-bar.js';
import { EquitySampler } from './equity-sampler.js';
import { hookFailure, type HookName } from './hook-failure.js';
import { DelayedView, type HookEvent } from './latency/delayed-view.js';
import { LatencyModel } from './latency/latency-model.js';
import type { LatencySettings } from './latency/latency-spec.js';
import type { ActionRefusal, Strategy, StrategyFill, StrategyParams } from './strategy.js';
import { createContext, venueReads } from './strategy-context.js';
import { StrategyOrders } from './strategy-orders.js';
import { moneyScaleFor, SymbolLedger, type FeeSchedule } from './symbol-ledger.js';

export interface BacktestConfig {
  readonly account: string;
  readonly latency: LatencySettings;
  /** Null: no onTimer ticks. */
  readonly intervalMs: number | null;
  readonly sampleMs: number;
  readonly fees: FeeSchedule;
  readonly params: StrategyParams;
}

export interface BacktestHandlers {
  readonly onFill?: (fill: StrategyFill, ledger: SymbolLedger) => void;
  /** Called every PROGRESS_EVERY rows. */
  readonly onProgress?: () => void;
}

/** A flow row that uses the strategy's own account. */
export class AccountClashError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export class BacktestEngine implements NumericListener {
  readonly clock = new ScenarioClock();
  readonly venue: Venue;
  readonly ledgers: readonly SymbolLedger[];
  readonly sampler: EquitySampler;
  readonly orders: StrategyOrders;
  /** Drives the flow's rows; only they are mapped by scenario id. */
  readonly flow: ScenarioDriver;
  readonly flowRefusals = new Map<RefusalCode, number>();
  readonly actionRefusals = new Map<string, number>();
  startTime: number | null = null;
  endTime: number | null = null;
  unsentActions = 0;
  readonly #ledgers = new Map<string, SymbolLedger>();
  readonly #events: HookEvent[] = [];
  readonly #latency: LatencyModel;
  /** Null without response and feed latency: the strategy sees the venue as it is. */
  readonly #view: DelayedView | null;
  readonly #context;
  readonly #wants: { [K in 'trade' | 'book' | 'order' | 'fill' | 'refused']: boolean };
  /** The strategy's account id in the core. */
  readonly #account: number;
  #nextTimer = Infinity;
  #nextSample = Infinity;
  #nextDue = Infinity;

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
    for (const ledger of this.ledgers) this.#ledgers.set(ledger.instrument.symbol, ledger);
    this.sampler = new EquitySampler(this.ledgers);
    this.orders = new StrategyOrders(this.venue, config.account);
    this.flow = new ScenarioDriver(this.venue, this.clock);
    this.#latency = new LatencyModel(config.latency);
    this.#view = this.#latency.delayed
      ? new DelayedView(
          this.venue,
          this.clock.read,
          listed.map((instrument) => new SymbolLedger(instrument, scale, config.fees)),
          this.#latency,
          this.orders,
        )
      : null;
    const view = this.#view;
    this.#wants = {
      trade: strategy.onTrade !== undefined,
      book: strategy.onBook !== undefined,
      order: strategy.onOrder !== undefined,
      fill: strategy.onFill !== undefined,
      refused: strategy.onRefused !== undefined,
    };
    this.#context = createContext({
      venue: this.venue,
      clock: this.clock,
      account: config.account,
      params: config.params,
      orders: this.orders,
      market: view === null ? venueReads(this.venue) : view.replica,
      ledger: (symbol) => (view === null ? this.#ledgers : view.ledgers).get(symbol),
      inFlight: () => this.orders.waiting() + (view === null ? 0 : view.unanswered),
      send: (action) => {
        const due = this.#latency.arrival(action.kind, this.clock.now);
        this.orders.enqueue(due, action);
        if (due < this.#nextDue) this.#nextDue = due;
      },
    });
    this.#account = this.venue.core.accountId(config.account);
    // Under latency the view replays the venue's events as records; else records are built only
    // for the strategy's own orders and fills, and for the hooks that read them.
    if (view !== null) this.venue.subscribe(this.#onEvent);
    else {
      this.venue.core.listen(this);
      if (this.#wants.book) this.venue.subscribe(this.#onEvent, ['book']);
    }
  }

  /**
   * Runs the flow: rows a batch at a time (one await per batch, not per row), or an Arrow flow
   * of simex's column kinds (readsAsCodes), whose plain rows go to the venue as numbers.
   */
  async run(flow: AsyncIterable<readonly ParsedScenarioRow[]> | ArrowBatches): Promise<void> {
    if ('decoder' in flow) {
      // Loaded for an Arrow flow only: a CSV flow's process never loads apache-arrow.
      const { feedFlow } = await import('../arrow/flow-feed.js');
      await feedFlow(flow, this.venue.core, this.#feed);
    } else for await (const batch of flow) for (const row of batch) this.#flowRow(row);
    this.endTime = this.clock.now;
    if (this.startTime === null) return;
    this.#runPending(this.endTime, true);
    if (this.sampler.lastTime < this.endTime) this.sampler.sample(this.endTime);
    this.#call('onEnd', undefined);
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
    const refusal = this.flow.feed(row);
    if (refusal !== null)
      this.flowRefusals.set(refusal.code, (this.flowRefusals.get(refusal.code) ?? 0) + 1);
    this.#afterRow(row.ts);
  }

  /** The flow's plain rows as numbers; a row under the strategy's account is decoded (refused). */
  readonly #feed: FlowFeed = {
    place: (ts, id, idStart, idEnd, account, book, side, type, tif, flags, ticks, lots) => {
      if (account === this.#account) return false;
      this.#beforeRow(ts);
      const placed = this.flow.placeBytes(
        ts,
        id,
        idStart,
        idEnd,
        account,
        book,
        side,
        type,
        tif,
        flags,
        ticks,
        lots,
      );
      if (placed) this.#afterRow(ts);
      return placed;
    },
    cancel: (ts, id, idStart, idEnd, account) => {
      if (account === this.#account) return false;
      this.#beforeRow(ts);
      const cancelled = this.flow.cancelBytes(ts, id, idStart, idEnd, account);
      if (cancelled) this.#afterRow(ts);
      return cancelled;
    },
    reduce: (ts, id, idStart, idEnd, account, book, lots) => {
      if (account === this.#account) return false;
      this.#beforeRow(ts);
      const reduced = this.flow.reduceBytes(ts, id, idStart, idEnd, account, book, lots);
      if (reduced) this.#afterRow(ts);
      return reduced;
    },
    row: (row) => (this.#flowRow(row), true),
  };

  /** Before a flow row at `ts`: the start, then what is due before it. */
  #beforeRow(ts: number): void {
    if (this.startTime === null) this.#start(ts);
    if (this.#nextDue < ts) this.#runPending(ts, false);
  }

  #afterRow(ts: number): void {
    this.#settle(ts, false);
    const { onProgress } = this.handlers;
    if (onProgress !== undefined && this.flow.rowCount % PROGRESS_EVERY === 0) onProgress();
  }

  #start(time: number): void {
    this.startTime = time;
    this.clock.now = time;
    this.#nextSample = time;
    if (this.config.intervalMs !== null) this.#nextTimer = time + this.config.intervalMs;
    this.#call('onStart', undefined);
    this.#nextDue = this.#dueNext();
  }

  #dueNext(): number {
    const message = this.#view === null ? Infinity : this.#view.nextDue();
    return Math.min(this.orders.nextDue(), message, this.#nextTimer, this.#nextSample);
  }

  /** After a command: its events go to the hooks now, or travel as messages. */
  #settle(time: number, action: boolean): void {
    if (this.#view === null) {
      if (this.#events.length > 0) this.#dispatch(this.#events);
      this.#events.length = 0;
    } else this.#nextDue = Math.min(this.#nextDue, this.#view.close(time, action));
  }

  /** Runs what is due before `limit` (or at it, when inclusive), in time order. */
  #runPending(limit: number, inclusive: boolean): void {
    const view = this.#view;
    for (;;) {
      const due = this.orders.nextDue();
      const message = view === null ? Infinity : view.nextDue();
      const time = Math.min(due, message, this.#nextTimer, this.#nextSample);
      if (inclusive ? time > limit : time >= limit) break;
      this.clock.now = time;
      if (due === time) {
        const sent = this.orders.sendNext(time);
        if (sent !== null && 'action' in sent) this.#refused(sent);
        else if (sent !== null) this.#ledgers.get(sent.symbol)!.orders++;
        this.#settle(time, true);
      } else if (message === time) {
        this.#dispatch(view!.deliver());
      } else if (this.#nextTimer === time) {
        this.#nextTimer += this.config.intervalMs!;
        this.#call('onTimer', undefined);
      } else {
        this.sampler.sample(time);
        this.#nextSample += this.config.sampleMs;
      }
    }
    this.#nextDue = this.#dueNext();
  }

  #refused(refusal: ActionRefusal): void {
    this.actionRefusals.set(refusal.code, (this.actionRefusals.get(refusal.code) ?? 0) + 1);
    if (this.#view !== null) this.#view.answer({ type: 'refused', refusal });
    else if (this.#wants.refused) this.#events.push({ type: 'refused', refusal });
  }

  readonly #onEvent = (event: VenueEvent): void => {
    const view = this.#view;
    if (event.type === 'trade') {
      const { trade } = event;
      const ledger = this.#ledgers.get(trade.symbol)!;
      ledger.mark = trade.price;
      if (trade.makerAccount === this.config.account) this.#fill(ledger, trade, 'maker');
      if (trade.takerAccount === this.config.account) this.#fill(ledger, trade, 'taker');
      if (view !== null) view.publish(event);
      else if (this.#wants.trade) this.#events.push(event);
    } else if (event.type === 'order') {
      if (event.order.account !== this.config.account) return;
      if (view !== null) return view.answer(event);
      this.orders.updated(event.order);
      if (this.#wants.order) this.#events.push(event);
    } else if (view !== null) view.publish(event);
    else if (this.#wants.book) this.#events.push(event);
  };

  // Without latency: the venue's events in numbers, records built only where needed. Methods of
  // the engine (not closures) so that the venue calls one target from one engine to the next.
  onTrade(
    _trade: number,
    book: number,
    priceTicks: number,
    _sizeLots: number,
    makerSequence: number,
    takerSequence: number,
  ): void {
    const { store, orders } = this.venue.core;
    const ledger = this.ledgers[book]!;
    ledger.markAt(priceTicks * ledger.instrument.tickUnits);
    const maker = store.account[orders.slot(makerSequence)] === this.#account;
    const taker = store.account[orders.slot(takerSequence)] === this.#account;
    if (!maker && !taker && !this.#wants.trade) return;
    // The trade just made is the newest on its symbol's tape.
    const found = this.venue.trades(ledger.instrument.symbol, 1);
    if (!found.ok) throw new Error(found.error.message);
    const trade = found.value[0]!;
    if (maker) this.#fill(ledger, trade, 'maker');
    if (taker) this.#fill(ledger, trade, 'taker');
    if (this.#wants.trade) this.#events.push({ type: 'trade', trade });
  }

  onOrder(sequence: number): void {
    const { store, orders } = this.venue.core;
    if (store.account[orders.slot(sequence)] !== this.#account) return;
    const found = this.venue.getOrder(this.config.account, `ord_${sequence}`);
    if (!found.ok) throw new Error(found.error.message);
    this.orders.updated(found.value);
    if (this.#wants.order) this.#events.push({ type: 'order', order: found.value });
  }

  #fill(ledger: SymbolLedger, trade: TradeRecord, liquidity: 'maker' | 'taker'): void {
    const maker = liquidity === 'maker';
    const side = maker ? (trade.side === 'buy' ? 'sell' : 'buy') : trade.side;
    const fee = ledger.fill(side, trade.price, trade.size, liquidity);
    const fill: StrategyFill = {
      orderId: (maker ? trade.makerClientOrderId : trade.takerClientOrderId) ?? '',
      tradeId: trade.id,
      symbol: trade.symbol,
      side,
      liquidity,
      price: trade.price,
      size: trade.size,
      fee: ledger.money(fee),
      timestamp: trade.timestamp,
    };
    this.handlers.onFill?.(fill, ledger);
    if (this.#view !== null) this.#view.answer({ type: 'fill', fill });
    else if (this.#wants.fill) this.#events.push({ type: 'fill', fill });
  }

  #dispatch(events: readonly HookEvent[]): void {
    for (let i = 0; i < events.length; i++) {
      const event = events[i]!;
      if (event.type === 'trade') this.#call('onTrade', event.trade);
      else if (event.type === 'book') this.#call('onBook', event.change);
      else if (event.type === 'order') this.#call('onOrder', event.order);
      else if (event.type === 'fill') this.#call('onFill', event.fill);
      else this.#call('onRefused', event.refusal);
    }
  }

  #call(name: HookName, argument: unknown): void {
    const hook = this.strategy[name] as ((...args: unknown[]) => unknown) | undefined;
    if (hook === undefined) return;
    let result: unknown;
    try {
      result =
        argument === undefined
          ? hook.call(this.strategy, this.#context)
          : hook.call(this.strategy, argument, this.#context);
    } catch (error) {
      throw hookFailure(name, formatScenarioTime(this.clock.now), error);
    }
    if (typeof (result as { then?: unknown } | undefined)?.then === 'function')
      throw hookFailure(
        name,
        formatScenarioTime(this.clock.now),
        'returned a promise; hooks must be synchronous',
      );
  }
}
