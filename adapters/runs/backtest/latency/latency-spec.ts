/**
 * Latency settings as plain data (they travel to worker threads), and the grammar of one latency
 * source on the command line: a duration (`5`, `5ms`, `1s`), `lognormal:median=5,sigma=0.5` with
 * an optional `,spike=0.01x20`, `file:PATH.csv` with an optional `#column`, or `data` (the feed
 * path of an L2 flow only: each row's local time minus its exchange time).
 */
import { parseDuration } from '../duration.js';

export type LatencySpec =
  | { readonly kind: 'constant'; readonly ms: number }
  | {
      readonly kind: 'lognormal';
      readonly medianMs: number;
      readonly sigma: number;
      /** Chance in [0, 1] that a draw is a spike. */
      readonly spikeProbability: number;
      /** A spike multiplies the draw by this (at least 1). */
      readonly spikeFactor: number;
    }
  | { readonly kind: 'file'; readonly path: string; readonly column: string | null }
  | { readonly kind: 'data' };

/** The five paths a message can take; `amend` also carries reduces. */
export const LATENCY_PATHS = ['entry', 'cancel', 'amend', 'response', 'feed'] as const;
export type LatencyPath = (typeof LATENCY_PATHS)[number];

/**
 * `fifo`: the strategy's actions reach the venue in the order they were sent (one connection);
 * `overtake`: each arrives after its own latency, so a later action can arrive first.
 */
export type ActionOrder = 'fifo' | 'overtake';
export const ACTION_ORDERS: readonly ActionOrder[] = ['fifo', 'overtake'];

export type LatencySettings = Readonly<Record<LatencyPath, LatencySpec>> & {
  readonly order: ActionOrder;
  /** Seeds the random sources; each path draws from its own sequence. */
  readonly seed: number;
};

/** A drawn latency is capped at one day; a recorded one must be below it. */
export const MAX_LATENCY_MS = 86_400_000;
const MAX_SIGMA = 10;
const NUMBER = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;
const MEDIAN = /^((?:0|[1-9][0-9]*)(?:\.[0-9]+)?)(ms|s)?$/;
const SPIKE = /^((?:0|[1-9][0-9]*)(?:\.[0-9]+)?)x((?:0|[1-9][0-9]*)(?:\.[0-9]+)?)$/;
const SPEC_GRAMMAR =
  'a duration (5, 5ms, 1s), lognormal:median=5,sigma=0.5[,spike=0.01x20], file:PATH.csv[#column] or data (feed only)';

/** The spec, or the reason it is not one (without the flag's name). */
export function parseLatencySpec(text: string): LatencySpec | string {
  if (text === 'data') return { kind: 'data' };
  if (text.startsWith('lognormal:')) return parseLognormal(text.slice('lognormal:'.length));
  if (text.startsWith('file:')) {
    const rest = text.slice('file:'.length);
    const hash = rest.lastIndexOf('#');
    const path = hash < 0 ? rest : rest.slice(0, hash);
    const column = hash < 0 ? null : rest.slice(hash + 1);
    if (path === '') return `file needs a path: file:PATH.csv; got "${text}"`;
    if (column === '') return `file names an empty column after #; got "${text}"`;
    return { kind: 'file', path, column };
  }
  const ms = parseDuration(text);
  return ms === null ? `must be ${SPEC_GRAMMAR}; got "${text}"` : { kind: 'constant', ms };
}

function parseLognormal(body: string): LatencySpec | string {
  const fields = new Map<string, string>();
  for (const pair of body.split(',')) {
    const equals = pair.indexOf('=');
    const key = equals < 0 ? pair : pair.slice(0, equals);
    if (!['median', 'sigma', 'spike'].includes(key))
      return `lognormal takes median=, sigma= and spike=; got "${pair}"`;
    if (fields.has(key)) return `lognormal ${key} is given twice`;
    fields.set(key, pair.slice(equals + 1));
  }
  const median = MEDIAN.exec(fields.get('median') ?? '');
  const medianMs = median === null ? 0 : Number(median[1]) * (median[2] === 's' ? 1000 : 1);
  if (!(medianMs > 0))
    return `lognormal median must be a positive number of ms (2.5, 5ms, 1s); got "${fields.get('median') ?? ''}"`;
  const sigmaText = fields.get('sigma') ?? '';
  const sigma = NUMBER.test(sigmaText) ? Number(sigmaText) : NaN;
  if (!(sigma <= MAX_SIGMA))
    return `lognormal sigma must be a number from 0 to ${MAX_SIGMA}; got "${sigmaText}"`;
  const spikeText = fields.get('spike');
  if (spikeText === undefined)
    return { kind: 'lognormal', medianMs, sigma, spikeProbability: 0, spikeFactor: 1 };
  const spike = SPIKE.exec(spikeText);
  const [probability, factor] = spike === null ? [NaN, NaN] : [Number(spike[1]), Number(spike[2])];
  if (!(probability <= 1 && factor >= 1))
    return `lognormal spike must be PROBABILITYxFACTOR, probability 0 to 1, factor at least 1 (0.01x20); got "${spikeText}"`;
  return { kind: 'lognormal', medianMs, sigma, spikeProbability: probability, spikeFactor: factor };
}

/** The spec in the grammar parseLatencySpec reads (constants as `5ms`). */
export function formatLatencySpec(spec: LatencySpec): string {
  if (spec.kind === 'constant') return `${spec.ms}ms`;
  if (spec.kind === 'data') return 'data';
  if (spec.kind === 'file')
    return `file:${spec.path}${spec.column === null ? '' : `#${spec.column}`}`;
  const spike =
    spec.spikeProbability === 0 ? '' : `,spike=${spec.spikeProbability}x${spec.spikeFactor}`;
  return `lognormal:median=${spec.medianMs},sigma=${spec.sigma}${spike}`;
}
