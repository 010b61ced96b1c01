import { SYMBOL_PATTERN } from '../../../src/index.js';
import { apiError, type ApiError } from './errors.js';
import type { HttpRequest, HttpResponse } from './http-types.js';
import { parseQuery, requiredParam } from './query.js';
import { quote } from '../../quote.js';
import { errorResponse, type RouteCall } from './route-context.js';
import { CHANNELS, type Channel } from './stream-events.js';
import type { StreamPosition, StreamRequest } from './stream-hub.js';

export const STREAM_PATH = '/v1/stream';

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  // Proxies that buffer (nginx) would hold events back.
  'x-accel-buffering': 'no',
};
const POSITION = /^(0|[1-9][0-9]{0,15}):((?:0|[1-9][0-9]{0,15})(?:,(?:0|[1-9][0-9]{0,15}))*)$/;

/**
 * GET /v1/stream?symbols=&channels=: checks the query, Last-Event-ID and the limits (JSON errors,
 * before anything is streamed), then answers 200 with a stream the listener opens.
 */
export function openStream({ context, caller, request, search }: RouteCall): HttpResponse {
  const hub = context.streams;
  const params = parseQuery(search, ['symbols', 'channels']);
  if (!params.ok) return errorResponse(params.error);
  const symbols = parseSymbols(
    params.value,
    context.venue.instruments().map((i) => i.symbol),
    hub.limits.maxSymbols,
  );
  if (!Array.isArray(symbols)) return errorResponse(symbols);
  const channels = parseChannels(params.value.get('channels'));
  if (!(channels instanceof Set)) return errorResponse(channels);
  const resumeFrom = parsePosition(request, symbols.length);
  if (resumeFrom !== undefined && !('epoch' in resumeFrom)) return errorResponse(resumeFrom);
  const release = hub.reserve(caller.keyIndex);
  if (typeof release !== 'function') return errorResponse(release);
  const stream: StreamRequest = { account: caller.account, symbols, channels, resumeFrom };
  return {
    status: 200,
    headers: STREAM_HEADERS,
    body: '',
    stream: { open: (connection) => hub.open(stream, connection, release), abandon: release },
  };
}

function parseSymbols(
  params: Map<string, string>,
  listed: readonly string[],
  maxSymbols: number,
): string[] | ApiError {
  const given = requiredParam(params, 'symbols');
  if (!given.ok) return given.error;
  const symbols = given.value.split(',');
  if (symbols.length > maxSymbols)
    return apiError('invalid_parameter', `symbols lists at most ${maxSymbols} symbols`, 'symbols');
  for (const [index, symbol] of symbols.entries()) {
    if (!SYMBOL_PATTERN.test(symbol)) {
      const message = `symbols must be symbols (BASE-QUOTE, each 1-12 of A-Z 0-9), comma separated, not ${quote(symbol)}`;
      return apiError('invalid_parameter', message, 'symbols');
    }
    if (!listed.includes(symbol))
      return apiError('unknown_symbol', `symbol ${symbol} is not listed`, 'symbols');
    if (symbols.indexOf(symbol) !== index)
      return apiError('invalid_parameter', `symbols lists ${symbol} twice`, 'symbols');
  }
  return symbols;
}

function parseChannels(text: string | undefined): Set<Channel> | ApiError {
  if (text === undefined || text === '') return new Set(CHANNELS);
  const channels = new Set<Channel>();
  for (const channel of text.split(',')) {
    if (!(CHANNELS as readonly string[]).includes(channel)) {
      const message = `channels must be some of ${CHANNELS.join(', ')}, comma separated, not ${quote(channel)}`;
      return apiError('invalid_parameter', message, 'channels');
    }
    if (channels.has(channel as Channel))
      return apiError('invalid_parameter', `channels lists ${channel} twice`, 'channels');
    channels.add(channel as Channel);
  }
  return channels;
}

/** Last-Event-ID as this server writes ids: `epoch:sequence,...`, one sequence per symbol. */
function parsePosition(
  request: HttpRequest,
  symbols: number,
): StreamPosition | ApiError | undefined {
  const header = request.headers['last-event-id'];
  if (header === undefined || header === '') return undefined;
  const match = typeof header === 'string' ? POSITION.exec(header) : null;
  const sequences = match === null ? [] : match[2]!.split(',').map(Number);
  if (match === null || sequences.length !== symbols) {
    const message = `Last-Event-ID must be an id of this stream (epoch:sequence per symbol), given once`;
    return apiError('invalid_parameter', message, 'Last-Event-ID');
  }
  return { epoch: Number(match[1]), sequences };
}
