/**
 * Scenario rows: the typed form of one CSV line of a scenario (docs/scenarios.md), and how to write one back.
 * A row carries strings for decimals, exactly as written; the venue judges their values.
 */
import type { InstrumentSpec, OrderRequest, QuoteOrderRequest } from '../../src/index.js';
import { formatScenarioTime } from './scenario-time.js';

export const SCENARIO_COLUMNS = [
  'ts',
  'action',
  'id',
  'account',
  'symbol',
  'side',
  'type',
  'price',
  'size',
  'time_in_force',
  'post_only',
] as const;

/** The optional trailing column; when the header has it, new orders may carry a client order id. */
export const CLIENT_ORDER_ID_COLUMN = 'client_order_id';
/**
 * The optional order-feature columns (docs/order-types.md), together, after client_order_id when
 * the header has it: a new order's stop price, self-trade prevention and gtd expiry time.
 */
export const ORDER_FEATURE_COLUMNS = ['stop_price', 'stp', 'expire_at'] as const;
/**
 * The optional quote-size column, after the order features when the header has them: a market
 * buy's quote amount to spend, given instead of its size.
 */
export const QUOTE_SIZE_COLUMN = 'quote_size';
/** The server journal's last column (its row checksums), after the others; read and ignored. */
export const JOURNAL_COLUMN = 'journal';

export type ScenarioAction = 'new' | 'cancel' | 'reduce' | 'amend';

interface RowCommon {
  /** Milliseconds since the epoch. */
  readonly ts: number;
  /** The scenario's order id (for `new`, the id it introduces; otherwise the order it refers to). */
  readonly id: string;
  readonly account: string;
  readonly symbol: string;
}

/** A new order: the core's request fields (decimals as strings), placed by the row's account. */
export type NewOrderRow = RowCommon & { readonly action: 'new' } & (
    Omit<OrderRequest, 'account' | 'symbol'> | Omit<QuoteOrderRequest, 'account' | 'symbol'>
  );

export interface CancelRow extends RowCommon {
  readonly action: 'cancel';
}

export interface ReduceRow extends RowCommon {
  readonly action: 'reduce';
  /** Size taken off the order's remaining size. */
  readonly size: string;
}

/** A new size (filled size included) and/or limit price for the order; at least one. */
export interface AmendRow extends RowCommon {
  readonly action: 'amend';
  readonly size?: string;
  readonly price?: string;
}

export type ScenarioRow = NewOrderRow | CancelRow | ReduceRow | AmendRow;

/** A row as read from a file: with its 1-based line number. */
export type ParsedScenarioRow = ScenarioRow & { readonly line: number };

/** Which columns a file has: the 11 of the scenario format, plus `client_order_id` when true. */
export interface ScenarioLayout {
  readonly clientOrderId: boolean;
  /** The ORDER_FEATURE_COLUMNS follow (after client_order_id, if there). */
  readonly orderFeatures?: boolean;
  /** The QUOTE_SIZE_COLUMN follows (after the order features, if there). */
  readonly quoteSize?: boolean;
  /** A server journal: a last `journal` column follows the others; its cells are ignored. */
  readonly journal?: boolean;
}

const PLAIN_LAYOUT: ScenarioLayout = { clientOrderId: false };

/** The header line, with its newline. */
export function formatScenarioHeader(layout: ScenarioLayout = PLAIN_LAYOUT): string {
  const columns: string[] = [...SCENARIO_COLUMNS];
  if (layout.clientOrderId) columns.push(CLIENT_ORDER_ID_COLUMN);
  if (layout.orderFeatures === true) columns.push(...ORDER_FEATURE_COLUMNS);
  if (layout.quoteSize === true) columns.push(QUOTE_SIZE_COLUMN);
  if (layout.journal === true) columns.push(JOURNAL_COLUMN);
  return columns.join(',') + '\n';
}

/** One row as a CSV line, with its newline; `ts` in ISO form. */
export function formatScenarioRow(row: ScenarioRow, layout: ScenarioLayout = PLAIN_LAYOUT): string {
  const cells = [formatScenarioTime(row.ts), row.action, row.id, row.account, row.symbol];
  if (row.action === 'new') {
    cells.push(row.side, row.type, row.price ?? '', 'size' in row ? row.size : '');
    cells.push(row.timeInForce ?? '');
    cells.push(row.postOnly === undefined ? '' : String(row.postOnly));
  } else if (row.action === 'amend') {
    cells.push('', '', row.price ?? '', row.size ?? '', '', '');
  } else {
    cells.push('', '', '', row.action === 'reduce' ? row.size : '', '', '');
  }
  const clientOrderId = row.action === 'new' ? row.clientOrderId : undefined;
  if (layout.clientOrderId) cells.push(clientOrderId ?? '');
  else if (clientOrderId !== undefined) {
    throw new Error('a row with a client order id needs the client_order_id column');
  }
  const features =
    row.action === 'new'
      ? [
          row.stopPrice ?? '',
          row.stp ?? '',
          row.expireAt === undefined ? '' : formatScenarioTime(row.expireAt),
        ]
      : ['', '', ''];
  if (layout.orderFeatures === true) cells.push(...features);
  else if (features.some((cell) => cell !== '')) {
    throw new Error('a row with a stop price, stp or expire_at needs the order-feature columns');
  }
  const quoteSize = row.action === 'new' && 'quoteSize' in row ? row.quoteSize : undefined;
  if (layout.quoteSize === true) cells.push(quoteSize ?? '');
  else if (quoteSize !== undefined) {
    throw new Error('a row with a quote size needs the quote_size column');
  }
  return cells.map(csvCell).join(',') + '\n';
}

/** `# instrument symbol=... tick_size=...` for one instrument, with its newline. */
export function formatInstrumentDirective(spec: InstrumentSpec): string {
  const pairs = [`symbol=${spec.symbol}`, `tick_size=${spec.tickSize}`, `lot_size=${spec.lotSize}`];
  if (spec.minSize !== undefined) pairs.push(`min_size=${spec.minSize}`);
  if (spec.maxSize !== undefined) pairs.push(`max_size=${spec.maxSize}`);
  if (spec.referencePrice !== undefined) pairs.push(`reference_price=${spec.referencePrice}`);
  return `# instrument ${pairs.join(' ')}\n`;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** A CSV cell, quoted only when it has to be. */
export function csvCell(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Whether the UTF-8 text `bytes[start, end)` is one csvCell quotes (NEEDS_QUOTES, in bytes). */
export function cellNeedsQuotes(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = bytes[i]!;
    if (code === 0x22 || code === 0x2c || code === 0x0d || code === 0x0a) return true;
  }
  return false;
}
