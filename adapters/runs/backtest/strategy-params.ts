/** `--param key=value` pairs, and the typed reads strategies make of them. */
import { Exact } from '../../units/units.js';
import type { StrategyParams } from './strategy.js';

const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const DECIMAL_NUMBER = /^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)(e[+-]?[0-9]+)?$/i;

/** The pairs as a record, or the reason one is malformed. */
export function parseParamPairs(pairs: readonly string[]): Record<string, string> | string {
  const values: Record<string, string> = {};
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    const key = equals < 0 ? pair : pair.slice(0, equals);
    if (equals < 0 || !KEY.test(key)) return `--param must be key=value, got "${pair}"`;
    if (Object.hasOwn(values, key)) return `--param ${key} is given twice`;
    values[key] = pair.slice(equals + 1);
  }
  return values;
}

/** A --param that is missing or not what the strategy reads it as: bad input, not a failed run. */
export class ParamError extends Error {}

export class ParamValues implements StrategyParams {
  readonly values: Readonly<Record<string, string>>;

  constructor(values: Record<string, string>) {
    this.values = Object.freeze({ ...values });
  }

  string(key: string, fallback?: string): string {
    const value = Object.hasOwn(this.values, key) ? this.values[key] : fallback;
    if (value === undefined) throw new ParamError(`missing --param ${key}=...`);
    return value;
  }

  number(key: string, fallback?: number): number {
    if (!Object.hasOwn(this.values, key)) {
      if (fallback === undefined) throw new ParamError(`missing --param ${key}=...`);
      return fallback;
    }
    const text = this.values[key]!;
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value))
      throw new ParamError(`--param ${key} must be a number, got "${text}"`);
    const decimal = text.trim();
    if (DECIMAL_NUMBER.test(decimal) && !new Exact(decimal).equals(value))
      throw new ParamError(`--param ${key} ${text} cannot be held exactly as a number`);
    return value;
  }
}
