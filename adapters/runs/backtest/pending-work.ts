/**
 * The work due between the flow's rows, in time order: the strategy's actions when their latency
 * is over, the messages to the strategy when theirs is (under response or feed latency), `onTimer`
 * ticks and equity samples. Anything due at time t runs after every flow row stamped t (ties go to
 * the flow); at one time: actions, then messages, then the timer, then the sample. Without
 * response and feed latency, the events a command causes are handed to the hooks as soon as the
 * command has returned.
 */
import type { ScenarioClock } from '../../flow/scenario-clock.js';
import type { BacktestConfig } from './backtest-config.js';
import type { EquitySampler } from './equity-sampler.js';
import type { HookDispatcher } from './hook-dispatcher.js';
import type { DelayedView, HookEvent } from './latency/delayed-view.js';
import type { LatencyModel } from './latency/latency-model.js';
import type { RefusalCounts } from './refusal-counts.js';
import type { ActionKind, ActionPayload, StrategyOrders } from './strategy-orders.js';
import type { StrategyEventRouter } from './strategy-event-router.js';
import type { SymbolLedger } from './symbol-ledger.js';

export class PendingWork {
  #nextTimer = Infinity;
  #nextSample = Infinity;
  #nextDue = Infinity;

  constructor(
    readonly clock: ScenarioClock,
    readonly orders: StrategyOrders,
    readonly latency: LatencyModel,
    /** Null without response and feed latency. */
    readonly view: DelayedView | null,
    /** The events waiting for the hooks (without latency). */
    readonly events: HookEvent[],
    readonly hooks: HookDispatcher,
    readonly refusals: RefusalCounts,
    readonly ledgers: ReadonlyMap<string, SymbolLedger>,
    readonly sampler: EquitySampler,
    readonly router: StrategyEventRouter,
    readonly config: Pick<BacktestConfig, 'intervalMs' | 'sampleMs'>,
  ) {}

  /** Starts the timer and the samples at `time`. */
  start(time: number): void {
    this.#nextSample = time;
    if (this.config.intervalMs !== null) this.#nextTimer = time + this.config.intervalMs;
  }

  /** Queues one of the strategy's actions; it is due after its latency. */
  send(kind: ActionKind, id: string, payload: ActionPayload): void {
    const due = this.latency.arrival(kind, this.clock.now);
    this.orders.enqueue(due, kind, id, payload);
    if (due < this.#nextDue) this.#nextDue = due;
  }

  /** Runs what is due before a flow row at `ts`. */
  runBefore(ts: number): void {
    if (this.#nextDue < ts) this.run(ts, false);
  }

  /**
   * Whether work is due before the Arrow flow's row at `times[at]`: the time is read here, as
   * a number passed on would be boxed (a time beyond 2^31) on each row.
   */
  dueBefore(times: Float64Array, at: number): boolean {
    return this.#nextDue < times[at]!;
  }

  /**
   * After a command: its events go to the hooks now, or travel as messages. After a flow row the
   * router may stop listening; after an action, not before the due work is done (`run`): the next
   * action would start it again.
   */
  settle(time: number, action: boolean): void {
    if (this.view === null) this.#handOver(action);
    else this.#nextDue = Math.min(this.#nextDue, this.view.close(time, action));
  }

  /** `settle` after the Arrow flow's row at `times[at]` (read only under latency: dueBefore). */
  settleRow(times: Float64Array, at: number): void {
    if (this.view !== null) this.settle(times[at]!, false);
    else if (this.events.length > 0 || this.router.engaged) this.#handOver(false);
  }

  /** Without latency: the command's events to the hooks; after a flow row, the router released. */
  #handOver(action: boolean): void {
    if (this.events.length > 0) {
      this.hooks.dispatch(this.events);
      this.events.length = 0;
    }
    if (!action) this.router.release();
  }

  /** Runs what is due before `limit` (or at it, when inclusive), in time order. */
  run(limit: number, inclusive: boolean): void {
    const view = this.view;
    for (;;) {
      const due = this.orders.nextDue();
      const message = view === null ? Infinity : view.nextDue();
      const time = Math.min(due, message, this.#nextTimer, this.#nextSample);
      if (inclusive ? time > limit : time >= limit) break;
      this.clock.now = time;
      if (due === time) {
        this.router.engage();
        const sent = this.orders.sendNext(time);
        if (typeof sent === 'string') this.ledgers.get(sent)!.orders++;
        else if (sent !== null) this.refusals.action(sent);
        this.settle(time, true);
      } else if (message === time) {
        this.hooks.dispatch(view!.deliver());
      } else if (this.#nextTimer === time) {
        this.#nextTimer += this.config.intervalMs!;
        this.hooks.call('onTimer', undefined);
      } else {
        this.sampler.sample(time);
        this.#nextSample += this.config.sampleMs;
      }
    }
    if (view === null) this.router.release();
    this.reschedule();
  }

  /** Finds the next due time, after hooks may have queued work. */
  reschedule(): void {
    const message = this.view === null ? Infinity : this.view.nextDue();
    this.#nextDue = Math.min(this.orders.nextDue(), message, this.#nextTimer, this.#nextSample);
  }
}
