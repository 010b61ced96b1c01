/**
 * `--queue-model strategy`: the strategy's own `queueShare(ahead, behind)` as the queue model
 * (docs/l2.md). A throw stops the run as a throwing hook does (exit 1, its place named).
 */
import { customModel, type QueueModel } from '../../flow/l2/queue-model.js';
import { StrategyRuntimeError } from './hook-failure.js';
import { firstLines, whereThrown } from './strategy-loader.js';
import type { Strategy } from './strategy.js';

/** The model, or null when the strategy has no queueShare method. */
export function strategyQueueModel(strategy: Strategy): QueueModel | null {
  if (typeof strategy.queueShare !== 'function') return null;
  return customModel((ahead, behind) => {
    try {
      return strategy.queueShare!(ahead, behind);
    } catch (error) {
      throw new StrategyRuntimeError(
        `queueShare(${ahead}, ${behind}) threw ${firstLines(error)}${whereThrown(error)}`,
        false,
      );
    }
  }, 'strategy');
}
