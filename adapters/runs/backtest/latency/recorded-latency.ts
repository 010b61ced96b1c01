/**
 * Latencies recorded over time, read from a CSV (`ts,latency_ms`, or several latency columns of
 * which one is chosen) and interpolated linearly between the two rows around a time; before the
 * first row the first value holds, after the last the last. Values are whole microseconds inside
 * (at most 3 decimals of a millisecond), so interpolating is exact; the result is rounded to the
 * nearest millisecond, halves up.
 */
import { readFileSync } from 'node:fs';
import { columnOf } from '../../../input-error.js';
import { parseScenarioTime } from '../../../flow/scenario-time.js';
import { MAX_LATENCY_MS } from './latency-spec.js';

/** A latency file that cannot be read or is malformed; the message is one line. */
export class LatencyFileError extends Error {}

const LATENCY = /^(0|[1-9][0-9]*)(\.[0-9]{1,3})?$/;

export class RecordedLatency {
  constructor(
    /** Strictly increasing, ms since the epoch. */
    readonly times: readonly number[],
    /** Whole microseconds, one per time. */
    readonly micros: readonly number[],
  ) {}

  /** The latency at `time`, in whole ms. */
  at(time: number): number {
    const { times, micros } = this;
    const last = times.length - 1;
    if (time <= times[0]!) return roundMs(micros[0]!);
    if (time >= times[last]!) return roundMs(micros[last]!);
    let low = 0; // times[low] <= time < times[high]
    let high = last;
    while (high - low > 1) {
      const middle = (low + high) >>> 1;
      if (times[middle]! <= time) low = middle;
      else high = middle;
    }
    const span = BigInt(times[high]! - times[low]!);
    const start = BigInt(micros[low]!);
    const numerator = start * span + (BigInt(micros[high]!) - start) * BigInt(time - times[low]!);
    const denominator = span * 1000n;
    return Number((2n * numerator + denominator) / (2n * denominator));
  }
}

function roundMs(micros: number): number {
  return Math.floor((micros + 500) / 1000);
}

/** Reads `path`; `column` names the latency column when the file has several. */
export function readRecordedLatency(path: string, column: string | null): RecordedLatency {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new LatencyFileError(`${path}: cannot read latency file: ${code}`);
  }
  const fail = (line: number, at: number, reason: string) =>
    new LatencyFileError(`${path}:${line}:${at}: ${reason}`);
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (lines.at(-1) === '') lines.pop();
  const header = (lines[0] ?? '').split(',');
  if (header[0] !== 'ts')
    throw fail(1, 1, 'the header must start with ts, then the latency column(s) in ms');
  const index = column === null ? 1 : header.indexOf(column, 1);
  if (column === null && header.length !== 2)
    throw fail(1, 1, `${header.length - 1} latency columns; choose one: file:PATH.csv#COLUMN`);
  if (index < 1) throw fail(1, 1, `no column "${column}"; the header is ${lines[0]}`);
  const times: number[] = [];
  const micros: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const cells = lines[i]!.split(',');
    const line = i + 1;
    if (cells.length !== header.length)
      throw fail(line, 1, `${cells.length} cells, the header has ${header.length}`);
    const time = parseScenarioTime(cells[0]!);
    if (time === null)
      throw fail(line, 1, `ts must be ISO 8601 UTC or epoch ms; got "${cells[0]}"`);
    if (times.length > 0 && time <= times.at(-1)!)
      throw fail(line, 1, "ts must be later than the previous row's");
    const value = cells[index]!;
    const match = LATENCY.exec(value);
    if (match === null || Number(match[1]) >= MAX_LATENCY_MS)
      throw fail(
        line,
        columnOf(cells, index),
        `latency must be ms from 0 to ${MAX_LATENCY_MS}, with at most 3 decimals; got "${value}"`,
      );
    times.push(time);
    micros.push(Number(match[1]) * 1000 + Number((match[2] ?? '.').slice(1).padEnd(3, '0')));
  }
  if (times.length === 0) throw fail(1, 1, 'no latency rows after the header');
  return new RecordedLatency(times, micros);
}
