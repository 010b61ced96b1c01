/**
 * Scenario timestamps: ISO 8601 UTC (`2026-01-05T09:30:00.000Z`, 0-3 fraction digits) or integer
 * milliseconds since the epoch. Parsing is hand-rolled, a character at a time, with the day cached,
 * because it runs once per row of multi-million-row files.
 */

/** The ISO form's first 19 characters: `d` a digit, anything else itself. */
const ISO_PREFIX = 'dddd-dd-ddTdd:dd:dd';
const DIGIT = 0x64;

let cachedDay = '';
let cachedDayMs = 0;

/** Milliseconds since the epoch, or null when `text` is neither form. */
export function parseScenarioTime(text: string): number | null {
  if (isEpochMs(text)) {
    const ms = Number(text);
    return Number.isSafeInteger(ms) ? ms : null;
  }
  if (!isIso(text)) return null;
  if (cachedDay === '' || !text.startsWith(cachedDay)) {
    const day = text.slice(0, 10);
    const dayMs = parseDay(day);
    if (dayMs === null) return null;
    cachedDay = day;
    cachedDayMs = dayMs;
  }
  const clock = clockMs(text);
  return clock === null ? null : cachedDayMs + clock;
}

const cachedDayBytes = new Uint8Array(10);
let cachedDayBytesMs = NaN;
/** The fraction's weight by its number of digits. */
const FRACTION_SCALE = [0, 100, 10, 1];

/**
 * parseScenarioTime of the ASCII text in `bytes[start, end)`, read from the bytes (the CSV fast
 * path's), with its own cached day: the same value, or null for anything parseScenarioTime refuses.
 */
export function parseScenarioTimeBytes(
  bytes: Uint8Array,
  start: number,
  end: number,
): number | null {
  const length = end - start;
  if (bytes[end - 1] !== 0x5a /* Z */) return epochMsBytes(bytes, start, end);
  if (length !== 20 && (length < 22 || length > 24)) return null;
  let sameDay = cachedDayBytesMs === cachedDayBytesMs;
  for (let i = 0; sameDay && i < 10; i++) sameDay = bytes[start + i] === cachedDayBytes[i];
  if (!sameDay && !cacheDay(bytes, start)) return null;
  if (bytes[start + 10] !== 0x54 /* T */ || bytes[start + 13] !== 0x3a /* : */) return null;
  if (bytes[start + 16] !== 0x3a) return null;
  const hours = twoDigits(bytes, start + 11);
  const minutes = twoDigits(bytes, start + 14);
  const seconds = twoDigits(bytes, start + 17);
  if (!(hours <= 23 && minutes <= 59 && seconds <= 59)) return null;
  let millis = 0;
  if (length > 20) {
    if (bytes[start + 19] !== 0x2e /* . */) return null;
    for (let i = start + 20; i < end - 1; i++) {
      const digit = bytes[i]! - 48;
      if (!(digit >= 0 && digit <= 9)) return null;
      millis = millis * 10 + digit;
    }
    millis *= FRACTION_SCALE[length - 21]!;
  }
  return cachedDayBytesMs + ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
}

/** A `YYYY-MM-DD` day at `start` becomes the cached day; false when it is not a valid one. */
function cacheDay(bytes: Uint8Array, start: number): boolean {
  for (let i = 0; i < 10; i++) {
    const code = bytes[start + i]!;
    if (i === 4 || i === 7 ? code !== 0x2d /* - */ : !isDigit(code)) return false;
  }
  const dayMs = parseDay(String.fromCharCode(...bytes.subarray(start, start + 10)));
  if (dayMs === null) return false;
  cachedDayBytes.set(bytes.subarray(start, start + 10));
  cachedDayBytesMs = dayMs;
  return true;
}

/** Two digits' value; NaN when either is not a digit. */
function twoDigits(bytes: Uint8Array, at: number): number {
  const tens = bytes[at]! - 48;
  const ones = bytes[at + 1]! - 48;
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : NaN;
}

/** `0` or 1-16 digits without a leading zero, a safe integer; else null. */
function epochMsBytes(bytes: Uint8Array, start: number, end: number): number | null {
  const length = end - start;
  if (length === 0 || length > 16 || (length > 1 && bytes[start] === 0x30)) return null;
  let ms = 0;
  for (let i = start; i < end; i++) {
    const digit = bytes[i]! - 48;
    if (!(digit >= 0 && digit <= 9)) return null;
    ms = ms * 10 + digit;
  }
  return Number.isSafeInteger(ms) ? ms : null;
}

/** `YYYY-MM-DDTHH:MM:SS(.f{1,3})?Z`, checked a character at a time. */
function isIso(text: string): boolean {
  const length = text.length;
  if (length !== 20 && (length < 22 || length > 24)) return false;
  for (let i = 0; i < ISO_PREFIX.length; i++) {
    const expected = ISO_PREFIX.charCodeAt(i);
    const code = text.charCodeAt(i);
    if (expected === DIGIT ? !isDigit(code) : code !== expected) return false;
  }
  if (text.charCodeAt(length - 1) !== 0x5a) return false;
  if (length === 20) return true;
  if (text.charCodeAt(19) !== 0x2e) return false;
  for (let i = 20; i < length - 1; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}

/** `0` or 1-16 digits without a leading zero. */
function isEpochMs(text: string): boolean {
  const length = text.length;
  if (length === 0 || length > 16 || (length > 1 && text.charCodeAt(0) === 0x30)) return false;
  for (let i = 0; i < length; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}

/** The time of day of an ISO-shaped text in ms, or null when out of range. */
function clockMs(text: string): number | null {
  const hours = digits(text, 11, 13);
  const minutes = digits(text, 14, 16);
  const seconds = digits(text, 17, 19);
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const fraction = text.length - 21;
  const millis = fraction <= 0 ? 0 : digits(text, 20, 20 + fraction) * 10 ** (3 - fraction);
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
let lastFormattedMs = NaN;
let lastFormatted = '';
let formatDayStart = NaN;
let formatDayPrefix = '';

/** The ISO form `Date.prototype.toISOString` writes (the day's `YYYY-MM-DDT` cached). */
export function formatScenarioTime(ms: number): string {
  if (ms === lastFormattedMs) return lastFormatted;
  const clock = ms - formatDayStart;
  if (clock >= 0 && clock < DAY_MS) {
    const seconds = Math.floor(clock / 1000);
    const minutes = Math.floor(seconds / 60);
    lastFormatted =
      formatDayPrefix +
      TWO_DIGITS[Math.floor(minutes / 60)]! +
      ':' +
      TWO_DIGITS[minutes % 60]! +
      ':' +
      TWO_DIGITS[seconds % 60]! +
      '.' +
      THREE_DIGITS[clock % 1000]! +
      'Z';
  } else {
    lastFormatted = new Date(ms).toISOString();
    if (lastFormatted.length === 24) {
      formatDayStart = Math.floor(ms / DAY_MS) * DAY_MS;
      formatDayPrefix = lastFormatted.slice(0, 11);
    }
  }
  lastFormattedMs = ms;
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
