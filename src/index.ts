export { Venue, DEFAULT_BOOK_DEPTH, DEFAULT_TRADES_LIMIT, MAX_QUERY_LIMIT } from './venue.js';
export type { OrderFilter, VenueListener, VenueOptions } from './venue.js';
export { DEFAULT_INSTRUMENTS, SYMBOL_PATTERN, createInstrument } from './instrument.js';
export type { Instrument, InstrumentSpec } from './instrument.js';
export { CLIENT_ORDER_ID_PATTERN } from './order-request.js';
export { validateVenueState } from './validate-state.js';
export { DAY_MS } from './rolling-stats.js';
export type { Result, VenueError, VenueErrorCode } from './result.js';
export * from './types.js';
