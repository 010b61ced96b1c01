/** Calls the strategy's hooks: one at a time with the context, or a command's events in order. */
import type { ScenarioClock } from '../../flow/scenario-clock.js';
import { formatScenarioTime } from '../../flow/scenario-time.js';
import { hookFailure, type HookName } from './hook-failure.js';
import { CALL_KIND, strategyCallWatch } from './hook-guard.js';
import type { HookEvent } from './latency/delayed-view.js';
import type { Strategy, StrategyContext } from './strategy.js';

/** Which events the strategy has a hook for: the others are not built. */
export type WantedEvents = {
  readonly [K in 'trade' | 'book' | 'order' | 'fill' | 'refused']: boolean;
};

export function wantedEvents(strategy: Strategy): WantedEvents {
  return {
    trade: strategy.onTrade !== undefined,
    book: strategy.onBook !== undefined,
    order: strategy.onOrder !== undefined,
    fill: strategy.onFill !== undefined,
    refused: strategy.onRefused !== undefined,
  };
}

export class HookDispatcher {
  /** The watch of this thread's guarded run (hook-guard.ts), or null. */
  readonly #watch = strategyCallWatch();

  constructor(
    readonly strategy: Strategy,
    readonly context: StrategyContext,
    readonly clock: ScenarioClock,
  ) {}

  dispatch(events: readonly HookEvent[]): void {
    for (let i = 0; i < events.length; i++) {
      const event = events[i]!;
      if (event.type === 'trade') this.call('onTrade', event.trade);
      else if (event.type === 'book') this.call('onBook', event.change);
      else if (event.type === 'order') this.call('onOrder', event.order);
      else if (event.type === 'fill') this.call('onFill', event.fill);
      else this.call('onRefused', event.refusal);
    }
  }

  call(name: HookName, argument: unknown): void {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the strategy as this
    const hook = this.strategy[name] as ((...args: unknown[]) => unknown) | undefined;
    if (hook === undefined) return;
    let result: unknown;
    const watch = this.#watch;
    watch?.enter(CALL_KIND[name], this.clock.now);
    try {
      result =
        argument === undefined
          ? hook.call(this.strategy, this.context)
          : hook.call(this.strategy, argument, this.context);
    } catch (error) {
      throw hookFailure(name, formatScenarioTime(this.clock.now), error);
    } finally {
      watch?.leave();
    }
    if (typeof (result as { then?: unknown } | undefined)?.then === 'function')
      throw hookFailure(
        name,
        formatScenarioTime(this.clock.now),
        'returned a promise; hooks must be synchronous',
      );
  }
}
