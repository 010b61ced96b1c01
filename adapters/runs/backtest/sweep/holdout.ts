/**
 * `--holdout P%`: the last P% of the flow's time span is held out. Combinations are ranked on the
 * rows before the split time; the same combinations then run on the rows from it, with the
 * strategy starting at the split (the rows before it only shape the book).
 */
import { Exact } from '../../../units/units.js';

const PERCENT = /^(0|[1-9][0-9]*)(\.[0-9]+)?%$/;

/** Why `text` is not a percentage above 0% and below 100%; null when it is one. */
export function holdoutError(text: string): string | null {
  const percent = PERCENT.test(text) ? new Exact(text.slice(0, -1)) : null;
  if (percent !== null && !percent.isZero() && percent.lessThan(100)) return null;
  return `--holdout must be a percentage above 0% and below 100%, such as 30%; got "${text}"`;
}

/** The first time of the held-out part: first + (last - first) x (100 - P) / 100, rounded down. */
export function holdoutSplit(first: number, last: number, holdout: string): number {
  const kept = new Exact(100).minus(holdout.slice(0, -1)).dividedBy(100);
  return first + new Exact(last - first).times(kept).floor().toNumber();
}
