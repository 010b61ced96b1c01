/**
 * The grid of a sweep: `key=v1,v2,...` (values as written) and `key=start..end:step` (exact
 * decimals on decimal.js: `0.1..0.3:0.1` is 0.1, 0.2, 0.3), and the combinations it makes,
 * numbered with the last key varying fastest. Every bad spec is a one-line reason.
 */
import { Exact } from '../../../units/units.js';

export interface GridAxis {
  readonly key: string;
  readonly values: readonly string[];
}

/** Values one key may take. */
export const MAX_AXIS_VALUES = 10_000;

const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const DECIMAL = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;
const RANGE = /^(.*?)\.\.(.*):(.*)$/;

export function parseGridAxis(spec: string): GridAxis | string {
  const equals = spec.indexOf('=');
  const key = equals < 0 ? spec : spec.slice(0, equals);
  if (equals < 0 || !KEY.test(key))
    return `--grid must be key=v1,v2,... or key=start..end:step; got "${spec}"`;
  const body = spec.slice(equals + 1);
  const range = body.includes(',') ? null : RANGE.exec(body);
  const values = range === null ? listValues(key, body) : rangeValues(key, range);
  return typeof values === 'string' ? values : { key, values };
}

function listValues(key: string, body: string): string[] | string {
  const values = body.split(',');
  if (values.some((value) => value === ''))
    return `--grid ${key}: a value is empty in "${body}"; write key=v1,v2,...`;
  const repeated = values.find((value, index) => values.indexOf(value) !== index);
  if (repeated !== undefined) return `--grid ${key}: the value ${repeated} is given twice`;
  if (values.length > MAX_AXIS_VALUES)
    return `--grid ${key}: ${values.length} values; at most ${MAX_AXIS_VALUES} per key`;
  return values;
}

function rangeValues(
  key: string,
  [, startText = '', endText = '', stepText = '']: RegExpExecArray,
): string[] | string {
  const spec = `${startText}..${endText}:${stepText}`;
  if (![startText, endText, stepText].every((text) => DECIMAL.test(text)))
    return `--grid ${key}: start..end:step takes plain decimals such as 0.1..0.5:0.1; got "${spec}"`;
  const [start, end, step] = [startText, endText, stepText].map((text) => new Exact(text)) as [
    InstanceType<typeof Exact>,
    InstanceType<typeof Exact>,
    InstanceType<typeof Exact>,
  ];
  if (!step.isPositive() || step.isZero())
    return `--grid ${key}: the step must be above 0 in "${spec}"`;
  if (end.lessThan(start)) return `--grid ${key}: the end is below the start in "${spec}"`;
  const count = end.minus(start).dividedToIntegerBy(step).plus(1);
  if (count.greaterThan(MAX_AXIS_VALUES))
    return `--grid ${key}: "${spec}" makes ${count.toFixed()} values; at most ${MAX_AXIS_VALUES} per key`;
  return Array.from({ length: count.toNumber() }, (_, index) =>
    start.plus(step.times(index)).toFixed(),
  );
}

/** How many combinations the axes make; null when more than Number.MAX_SAFE_INTEGER. */
export function combinationCount(axes: readonly GridAxis[]): number | null {
  let count = 1;
  for (const axis of axes) {
    count *= axis.values.length;
    if (count > Number.MAX_SAFE_INTEGER) return null;
  }
  return count;
}

/** Combination `index`'s values by key, in the axes' order; the last axis varies fastest. */
export function combinationAt(axes: readonly GridAxis[], index: number): Record<string, string> {
  const values: Record<string, string> = {};
  let rest = index;
  for (let i = axes.length - 1; i >= 0; i--) {
    const axis = axes[i]!;
    values[axis.key] = axis.values[rest % axis.values.length]!;
    rest = Math.floor(rest / axis.values.length);
  }
  return Object.fromEntries(axes.map((axis) => [axis.key, values[axis.key]!]));
}
