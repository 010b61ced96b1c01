/**
 * Where latencies come from: a constant, a seeded lognormal with rare spikes, or a recorded file
 * interpolated by time, or the data's own (an L2 row's two times). Every draw is whole milliseconds, and the same seed draws the same
 * sequence in any process.
 */
import { SeededRandom } from '../../../../src/index.js';
import { MAX_LATENCY_MS, type LatencySpec } from './latency-spec.js';
import { readRecordedLatency } from './recorded-latency.js';

/** The latency of a message sent at `time`, in whole ms. */
export type LatencySource = (time: number) => number;

/** `dataLatency`: the current row's own latency, for the `data` spec. */
export function latencySource(
  spec: LatencySpec,
  seed: number,
  dataLatency: () => number,
): LatencySource {
  if (spec.kind === 'constant') return () => spec.ms;
  if (spec.kind === 'data') return dataLatency;
  if (spec.kind === 'file') {
    const recorded = readRecordedLatency(spec.path, spec.column);
    return (time) => recorded.at(time);
  }
  const random = new SeededRandom(seed);
  const { medianMs, sigma, spikeProbability, spikeFactor } = spec;
  return () => {
    // Three uniforms per draw, always: a normal (Box-Muller), then whether it spikes.
    const radius = Math.sqrt(-2 * Math.log(1 - random.float()));
    const normal = radius * Math.cos(2 * Math.PI * random.float());
    const spike = random.float() < spikeProbability ? spikeFactor : 1;
    return Math.min(Math.round(medianMs * Math.exp(sigma * normal) * spike), MAX_LATENCY_MS);
  };
}
