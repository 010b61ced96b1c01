/**
 * Queue models (docs/l2.md "Queue models"): how a level's decrease that no trade explains is split
 * between the queue ahead of a strategy order and the queue behind it. L2 data cannot say which
 * orders left; a model answers with the share of the decrease taken from ahead.
 *
 * `power:<n>` and `log` are hftbacktest's probabilistic models, written from its documentation
 * (after Rigtorp's estimator): with f(x) = x^n or log(1 + x), the decrease falls behind with
 * probability f(behind) / (f(behind) + f(ahead)), so ahead takes f(ahead) / (f(ahead) + f(behind)).
 * `risk_averse` takes nothing from ahead: the queue ahead moves only on trades, or when the level
 * falls below it.
 */

/** `(ahead, behind) => share of the decrease taken from ahead`, sizes in the data's units. */
export type QueueShare = (ahead: number, behind: number) => number;

export interface QueueModel {
  /** The name as `--queue-model` takes it (`custom` for a strategy's function). */
  readonly name: string;
  readonly shareAhead: QueueShare;
}

const MAX_POWER = 100;
const POWER = /^power:((?:0|[1-9][0-9]*)(?:\.[0-9]+)?)$/;
export const QUEUE_MODEL_GRAMMAR =
  'risk_averse, power:<n> (0 < n <= 100, e.g. power:2), log or strategy (its queueShare method)';

export const RISK_AVERSE: QueueModel = { name: 'risk_averse', shareAhead: () => 0 };

export const LOG_MODEL: QueueModel = {
  name: 'log',
  shareAhead: (ahead, behind) => proportion(Math.log1p(ahead), Math.log1p(behind)),
};

export function powerModel(n: number): QueueModel {
  return {
    name: `power:${n}`,
    shareAhead: (ahead, behind) => proportion(ahead ** n, behind ** n),
  };
}

/** A strategy author's function, called as any model is; its answer is clamped to [0, 1]. */
export function customModel(shareAhead: QueueShare, name = 'custom'): QueueModel {
  return { name, shareAhead };
}

/** The model `--queue-model` names, or the reason the text names none. */
export function parseQueueModel(text: string): QueueModel | string {
  if (text === 'risk_averse') return RISK_AVERSE;
  if (text === 'log') return LOG_MODEL;
  const power = POWER.exec(text);
  if (power !== null) {
    const n = Number(power[1]);
    if (n > 0 && n <= MAX_POWER) return powerModel(n);
  }
  return `must be ${QUEUE_MODEL_GRAMMAR}; got "${text}"`;
}

/** a / (a + b); an empty queue on both sides splits evenly. */
function proportion(a: number, b: number): number {
  const total = a + b;
  return total > 0 ? a / total : 0.5;
}
