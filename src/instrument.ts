import {
  formatUnits,
  fractionDigits,
  parseUnits,
  type DecimalParseFailure,
} from './decimal-codec.js';
import type { Units } from './quantities.js';
import { invalidParameter, ok, type Failure, type Result } from './result.js';

/** An instrument as configured: decimal strings, as in the HTTP contract (docs/http-api.md) and scenario directives. */
export interface InstrumentSpec {
  readonly symbol: string;
  readonly tickSize: string;
  readonly lotSize: string;
  /** Default: the lot size. */
  readonly minSize?: string;
  /** Default: none (the largest size held exactly). */
  readonly maxSize?: string;
  /** What the ticker shows before the first trade; default none (`null`). */
  readonly referencePrice?: string;
}

/**
 * A validated instrument. Prices are held as integer units of 10^-priceDecimals, sizes as integer
 * units of 10^-sizeDecimals; `tickUnits` and `lotUnits` are the grid every value must sit on.
 */
export interface Instrument {
  readonly symbol: string;
  readonly tickSize: string;
  readonly lotSize: string;
  readonly minSize: string;
  readonly maxSize: string | null;
  readonly referencePrice: string | null;
  readonly priceDecimals: number;
  readonly sizeDecimals: number;
  readonly tickUnits: number;
  readonly lotUnits: number;
  readonly minSizeUnits: Units;
  readonly maxSizeUnits: Units;
  readonly referencePriceUnits: Units | null;
}

export const SYMBOL_PATTERN = /^[A-Z0-9]{1,12}-[A-Z0-9]{1,12}$/;

/** The default venue: BTC-USD and ETH-USD as docs/http-api.md lists them. */
export const DEFAULT_INSTRUMENTS: readonly InstrumentSpec[] = [
  {
    symbol: 'BTC-USD',
    tickSize: '0.01',
    lotSize: '0.00000001',
    maxSize: '1000',
    referencePrice: '30000.00',
  },
  {
    symbol: 'ETH-USD',
    tickSize: '0.01',
    lotSize: '0.0001',
    maxSize: '10000',
    referencePrice: '2000.00',
  },
];

export function formatPrice(instrument: Instrument, units: number | bigint): string {
  return formatUnits(units, instrument.priceDecimals);
}

export function formatSize(instrument: Instrument, units: number | bigint): string {
  return formatUnits(units, instrument.sizeDecimals);
}

/** Parses a price on the instrument's tick grid into units; `field` names the input in the error. */
export function parsePrice(instrument: Instrument, text: unknown, field: string): Units | Failure {
  return parseOnGrid(
    text,
    field,
    instrument.priceDecimals,
    instrument.tickUnits,
    'tick size',
    instrument.tickSize,
  );
}

/** Parses a positive size on the lot grid (no bounds: for amounts taken off an order). */
export function parseSizeUnits(
  instrument: Instrument,
  text: unknown,
  field: string,
): Units | Failure {
  return parseOnGrid(
    text,
    field,
    instrument.sizeDecimals,
    instrument.lotUnits,
    'lot size',
    instrument.lotSize,
  );
}

/** Parses a size on the lot grid within [min_size, max_size]. */
export function parseSize(instrument: Instrument, text: unknown, field: string): Units | Failure {
  const parsed = parseSizeUnits(instrument, text, field);
  if (typeof parsed !== 'number') return parsed;
  return sizeOutOfRange(instrument, parsed, field) ?? parsed;
}

/** The refusal of a size (units on the lot grid) below min_size or above max_size, or undefined. */
export function sizeOutOfRange(
  instrument: Instrument,
  units: number,
  field: string,
): Failure | undefined {
  if (units < instrument.minSizeUnits) {
    return invalidParameter(field, `${field} must be at least ${instrument.minSize}`);
  }
  if (units > instrument.maxSizeUnits) {
    return invalidParameter(
      field,
      `${field} must be at most ${formatSize(instrument, instrument.maxSizeUnits)}`,
    );
  }
  return undefined;
}

function parseOnGrid(
  text: unknown,
  field: string,
  decimals: number,
  gridUnits: number,
  gridName: string,
  grid: string,
): Units | Failure {
  if (typeof text !== 'string') return invalidParameter(field, `${field} must be a decimal string`);
  const units = parseUnits(text, decimals);
  return onGridRefusal(units, field, gridUnits, gridName, grid) ?? (units as Units);
}

/**
 * The refusal of a decimal as read by parseUnits (`units`, or why it is not a number) as a price
 * (`field` price or stop_price: on the tick grid) or a size (on the lot grid) of the instrument,
 * or undefined when it is a positive number on the grid. The row decoder
 * (adapters/flow/command-fields.ts) words a cell off the grid with it, as parsePrice and parseSize do.
 */
export function gridRefusal(
  instrument: Instrument,
  units: number | DecimalParseFailure,
  field: 'price' | 'stop_price' | 'size',
): Failure | undefined {
  return field === 'size'
    ? onGridRefusal(units, field, instrument.lotUnits, 'lot size', instrument.lotSize)
    : onGridRefusal(units, field, instrument.tickUnits, 'tick size', instrument.tickSize);
}

function onGridRefusal(
  units: number | DecimalParseFailure,
  field: string,
  gridUnits: number,
  gridName: string,
  grid: string,
): Failure | undefined {
  if (units === 'malformed') {
    return invalidParameter(
      field,
      `${field} must be a decimal string like "1.5" (no sign, exponent or spaces)`,
    );
  }
  if (units === 'too_large')
    return invalidParameter(field, `${field} is too large to be held exactly`);
  if (units === 'too_precise' || units % gridUnits !== 0) {
    return invalidParameter(field, `${field} must be a multiple of the ${gridName} ${grid}`);
  }
  if (units === 0) return invalidParameter(field, `${field} must be positive`);
  return undefined;
}

/** Validates a spec; errors name the spec field (`tick_size`, ...). */
export function createInstrument(spec: InstrumentSpec): Result<Instrument> {
  if (typeof spec.symbol !== 'string' || !SYMBOL_PATTERN.test(spec.symbol)) {
    return invalidParameter('symbol', 'symbol must look like BASE-QUOTE, each 1-12 of A-Z 0-9');
  }
  const tick = parseStep(spec.tickSize, 'tick_size');
  if (!tick.ok) return tick;
  const lot = parseStep(spec.lotSize, 'lot_size');
  if (!lot.ok) return lot;
  const draft: Instrument = {
    symbol: spec.symbol,
    tickSize: spec.tickSize,
    lotSize: spec.lotSize,
    minSize: spec.lotSize,
    maxSize: null,
    referencePrice: null,
    priceDecimals: tick.value.decimals,
    sizeDecimals: lot.value.decimals,
    tickUnits: tick.value.units,
    lotUnits: lot.value.units,
    minSizeUnits: lot.value.units as Units,
    maxSizeUnits: (Number.MAX_SAFE_INTEGER - (Number.MAX_SAFE_INTEGER % lot.value.units)) as Units,
    referencePriceUnits: null,
  };
  let minSizeUnits = draft.minSizeUnits;
  if (spec.minSize !== undefined) {
    const min = parseSize(draft, spec.minSize, 'min_size');
    if (typeof min !== 'number') return min;
    minSizeUnits = min;
  }
  let maxSizeUnits = draft.maxSizeUnits;
  if (spec.maxSize !== undefined) {
    const max = parseSize(
      { ...draft, minSizeUnits, minSize: formatSize(draft, minSizeUnits) },
      spec.maxSize,
      'max_size',
    );
    if (typeof max !== 'number') return max;
    maxSizeUnits = max;
  }
  let referencePriceUnits: Units | null = null;
  if (spec.referencePrice !== undefined) {
    const reference = parsePrice(draft, spec.referencePrice, 'reference_price');
    if (typeof reference !== 'number') return reference;
    referencePriceUnits = reference;
  }
  return ok({
    ...draft,
    minSize: formatSize(draft, minSizeUnits),
    maxSize: spec.maxSize === undefined ? null : formatSize(draft, maxSizeUnits),
    referencePrice: referencePriceUnits === null ? null : formatPrice(draft, referencePriceUnits),
    minSizeUnits,
    maxSizeUnits,
    referencePriceUnits,
  });
}

function parseStep(text: unknown, field: string): Result<{ decimals: number; units: number }> {
  if (typeof text !== 'string') return invalidParameter(field, `${field} must be a decimal string`);
  const decimals = fractionDigits(text);
  const units = parseUnits(text, decimals);
  if (typeof units !== 'number' || units === 0 || decimals > 15) {
    return invalidParameter(
      field,
      `${field} must be a positive decimal string with at most 15 decimals`,
    );
  }
  return ok({ decimals, units });
}
