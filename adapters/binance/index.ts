export { API_PREFIX, BinanceDialect, type BinanceDialectOptions } from './binance-dialect.js';
export { sign } from './binance-params.js';
