/**
 * The refusals of a backtest, counted by code: the flow's rows the venue refused, and the
 * strategy's actions. A refused action is also news for the strategy: a message under latency,
 * else an event for its onRefused hook.
 */
import type { RefusalCode } from '../../flow/driver/index.js';
import type { DelayedView, HookEvent } from './latency/delayed-view.js';
import type { ActionRefusal } from './strategy.js';

export class RefusalCounts {
  readonly flow = new Map<RefusalCode, number>();
  readonly actions = new Map<string, number>();

  constructor(
    readonly view: DelayedView | null,
    /** Whether the strategy has an onRefused hook. */
    readonly wanted: boolean,
    /** The events waiting for the hooks (without latency). */
    readonly events: HookEvent[],
  ) {}

  flowRow(code: RefusalCode): void {
    this.flow.set(code, (this.flow.get(code) ?? 0) + 1);
  }

  action(refusal: ActionRefusal): void {
    this.actions.set(refusal.code, (this.actions.get(refusal.code) ?? 0) + 1);
    if (this.view !== null) this.view.answer({ type: 'refused', refusal });
    else if (this.wanted) this.events.push({ type: 'refused', refusal });
  }
}
