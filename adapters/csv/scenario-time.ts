/**
 * Scenario timestamps: ISO 8601 UTC (`2026-01-05T09:30:00.000Z`, 0-3 fraction digits) or integer
 * milliseconds since the epoch. Parsing is hand-rolled (the day is cached) because it runs once
 * per row of multi-million-row files.
 */

const ISO_SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const EPOCH_MS = /^(0|[1-9][0-9]{0,15})$/;

let cachedDay = '';
let cachedDayMs = 0;

/** Milliseconds since the epoch, or null when `text` is neither form. */
export function parseScenarioTime(text: string): number | null {
  if (EPOCH_MS.test(text)) {
    const ms = Number(text);
    return Number.isSafeInteger(ms) ? ms : null;
  }
  if (!ISO_SHAPE.test(text)) return null;
  const day = text.slice(0, 10);
  if (day !== cachedDay) {
    const dayMs = parseDay(day);
    if (dayMs === null) return null;
    cachedDay = day;
    cachedDayMs = dayMs;
  }
  const hours = digits(text, 11, 13);
  const minutes = digits(text, 14, 16);
  const seconds = digits(text, 17, 19);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const fraction = text.length > 20 ? text.slice(20, -1) : '';
  const millis = fraction === '' ? 0 : Number(fraction.padEnd(3, '0'));
  return cachedDayMs + ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
}

let lastFormattedMs = NaN;
let lastFormatted = '';

/** The ISO form `Date.prototype.toISOString` writes. */
export function formatScenarioTime(ms: number): string {
  if (ms !== lastFormattedMs) {
    lastFormatted = new Date(ms).toISOString();
    lastFormattedMs = ms;
  }
  return lastFormatted;
}

function parseDay(day: string): number | null {
  const year = digits(day, 0, 4);
  const month = digits(day, 5, 7);
  const date = digits(day, 8, 10);
  const ms = Date.UTC(year, month - 1, date);
  const check = new Date(ms);
  const valid =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === date;
  return valid ? ms : null;
}

function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}
