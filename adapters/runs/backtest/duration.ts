/** Durations on the command line: whole milliseconds, or with a unit. */
const DURATION = /^(0|[1-9][0-9]*)(ms|s|m|h)?$/;
const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds from `250`, `250ms`, `5s`, `1m` or `2h`; null when malformed. */
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text);
  if (match === null) return null;
  const ms = Number(match[1]) * UNIT_MS[match[2] ?? 'ms']!;
  return Number.isSafeInteger(ms) ? ms : null;
}
