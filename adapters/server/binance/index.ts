export { API_PREFIX, BinanceDialect, type BinanceDialectOptions } from './binance-dialect.js';
export { sign } from './binance-params.js';
export { DEFAULT_SOCKET_LIMITS, type SocketLimits } from './binance-sockets.js';
