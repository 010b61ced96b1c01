/**
 * When each message of a backtest arrives. The strategy's actions travel to the venue after the
 * entry (place), cancel or amend latency (reduces and amends share the amend latency); the venue's
 * answers (acknowledgements, fills, refusals) travel back after the response latency, and market
 * events after the feed latency. Each of the two return paths is first in, first out; the actions'
 * path is too unless the order is `overtake`.
 */
import {
  LATENCY_PATHS,
  type LatencyPath,
  type LatencySettings,
  type LatencySpec,
} from './latency-spec.js';
import { latencySource, type LatencySource } from './latency-source.js';

export class LatencyModel {
  /** Whether the strategy learns anything later than it happens (a response or feed latency). */
  readonly delayed: boolean;
  readonly #sources: Record<LatencyPath, LatencySource>;
  readonly #fifo: boolean;
  #lastArrival = -Infinity;
  #lastResponse = -Infinity;
  #lastFeed = -Infinity;

  /** `dataLatency`: the current L2 row's local time minus its exchange time (the `data` spec). */
  constructor(settings: LatencySettings, dataLatency: () => number = () => 0) {
    const sources = LATENCY_PATHS.map((path, index) => [
      path,
      latencySource(settings[path], pathSeed(settings.seed, index), dataLatency),
    ]);
    this.#sources = Object.fromEntries(sources) as Record<LatencyPath, LatencySource>;
    this.#fifo = settings.order === 'fifo';
    this.delayed = !isZero(settings.response) || !isZero(settings.feed);
  }

  /** When an action of this kind sent at `time` reaches the venue. */
  arrival(kind: string, time: number): number {
    const path = kind === 'place' ? 'entry' : kind === 'cancel' ? 'cancel' : 'amend';
    const arrival = time + this.#sources[path](time);
    if (!this.#fifo) return arrival;
    this.#lastArrival = Math.max(arrival, this.#lastArrival);
    return this.#lastArrival;
  }

  /** When the strategy receives the venue's answer sent at `time`. */
  response(time: number): number {
    this.#lastResponse = Math.max(time + this.#sources.response(time), this.#lastResponse);
    return this.#lastResponse;
  }

  /** When the strategy receives market events published at `time`. */
  feed(time: number): number {
    this.#lastFeed = Math.max(time + this.#sources.feed(time), this.#lastFeed);
    return this.#lastFeed;
  }
}

function isZero(spec: LatencySpec): boolean {
  return spec.kind === 'constant' && spec.ms === 0;
}

/** Each path's own seed, so that changing one path's source leaves the others' draws alone. */
function pathSeed(seed: number, index: number): number {
  return (seed ^ Math.imul(0x85ebca6b, index + 1)) >>> 0;
}
