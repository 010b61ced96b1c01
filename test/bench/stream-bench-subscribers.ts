/**
 * The subscribers of `npm run bench:stream`, in their own process so that their parsing does not
 * compete with the load client: opens `count` streams on BTC-USD (trades,book) and records when
 * each trade event arrives (process.hrtime, the monotonic clock every process shares). Each is a
 * plain TCP socket that sends the request and scans the answer's bytes itself, without decoding them (node:http's client
 * costs several times as much a read, and 200 streams read in turn make the last one wait for the
 * others: the latency measured would be the client's). Messages:
 * it sends `ready` once every stream has its snapshot; it answers `cpu` with its CPU time (µs) and
 * when each trade was made and flushed with the delivery latencies' summary, where their time went
 * (and the reads between the last two `cpu` messages).
 */
import { connect } from 'node:net';
import { deliveryReport, type Made } from './delivery-report.js';

const [url, countText] = process.argv.slice(2) as [string, string];
const count = Number(countText);
const KEY = 'bench-key';
const PATH = '/v1/stream?symbols=BTC-USD&channels=trades,book';
// An event's line `event: NAME` (the only line that starts with `e`); a trade event's text from
// there up to its sequence, and from the sequence's end up to the trade's number.
const EVENT_LINE = '\ne';
const TRADE = '\nevent: trade\ndata: {"symbol":"BTC-USD","sequence":';
const TRADE_ID = ',"trade_id":"t_';
const HEAD_END = Buffer.from('\r\n\r\n');
const EVENT_END = Buffer.from('\n\n');
const NEWLINE = 10;
const EMPTY = Buffer.alloc(0);
const READ_BUFFER = 256 * 1024;

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
let trades = new Int32Array(1 << 20);
let times = new Float64Array(1 << 20);
let arrivals = 0;
/** Streams the server closed (slow consumers). */
let dropped = 0;
/** Reads that brought data, all streams together (about one per server write). */
let reads = 0;
/** `reads` at each `cpu` message: the measure is between the last two. */
const readMarks: number[] = [];

function record(trade: number, at: number): void {
  if (arrivals === trades.length) {
    const grownTrades = new Int32Array(trades.length * 2);
    const grownTimes = new Float64Array(times.length * 2);
    grownTrades.set(trades);
    grownTimes.set(times);
    [trades, times] = [grownTrades, grownTimes];
  }
  trades[arrivals] = trade;
  times[arrivals++] = at;
}

const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 48 && byte <= 57;
const [T, COMMA, UNDERSCORE] = [...'t,_'].map((char) => char.charCodeAt(0));

/**
 * Records at `now` the trade numbers of the trade events in `bytes` from `from` to `end`. Cheap,
 * as one process reads every stream in turn: the events are found by their `event:` lines in the
 * bytes read as latin1 text (a string search that costs far less than a Buffer's), and a trade's
 * number is read where the event's fixed text puts it.
 */
function recordTrades(bytes: Buffer, from: number, end: number, now: number): void {
  const text = bytes.toString('latin1', 0, end);
  for (let at = text.indexOf(EVENT_LINE, from); at >= 0; at = text.indexOf(EVENT_LINE, at)) {
    if (bytes[at + 8] !== T) {
      at += EVENT_LINE.length;
      continue;
    }
    for (at += TRADE.length; isDigit(bytes[at]);) at++; // the sequence
    if (bytes[at] !== COMMA || bytes[at + TRADE_ID.length - 1] !== UNDERSCORE)
      throw new Error(`not a trade event: ${text.slice(at - 60, at + 20)}`);
    let trade = 0;
    for (at += TRADE_ID.length; isDigit(bytes[at]); at++) trade = trade * 10 + bytes[at]! - 48;
    record(trade, now);
  }
}

function subscribe(): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    /** The bytes of an event not yet whole (rare: each write is whole events). */
    let rest = EMPTY;
    let head = true;
    // Reads land in one buffer per socket, handed to `callback` without a stream's machinery.
    const callback = (length: number, into: Buffer): boolean => {
      const now = nowMs();
      reads++;
      const read = into.subarray(0, length);
      const bytes = rest.length === 0 ? read : Buffer.concat([rest, read]);
      let from = 0;
      if (head) {
        const body = bytes.indexOf(HEAD_END);
        if (body < 0) {
          rest = Buffer.from(bytes);
          return true;
        }
        const status = bytes.toString('latin1', 0, bytes.indexOf('\r\n'));
        if (!status.startsWith('HTTP/1.1 200 ')) reject(new Error(status));
        from = body + HEAD_END.length;
        head = false;
      }
      const size = bytes.length;
      const whole = bytes[size - 1] === NEWLINE && bytes[size - 2] === NEWLINE && size - from >= 2;
      const end = whole ? size - 2 : bytes.lastIndexOf(EVENT_END, size - 2);
      if (end >= from) {
        recordTrades(bytes, from, end, now);
        resolve();
      }
      const left = end >= from ? end + EVENT_END.length : from;
      rest = left === size ? EMPTY : Buffer.from(bytes.subarray(left)); // a copy: the read buffer is reused
      return true;
    };
    const buffer = Buffer.alloc(READ_BUFFER);
    const socket = connect({ port: Number(port), host: hostname, onread: { buffer, callback } });
    socket.write(`GET ${PATH} HTTP/1.1\r\nHost: ${hostname}\r\nX-API-Key: ${KEY}\r\n\r\n`);
    socket.on('close', () => dropped++);
    socket.on('error', reject);
  });
}

/** Where a group of deliveries' time went, on average (ms). */
await Promise.all(Array.from({ length: count }, subscribe));
process.on('message', (message) => {
  if (message === 'cpu') {
    readMarks.push(reads);
    const { user, system } = process.cpuUsage();
    process.send!(user + system);
  } else
    process.send!(
      deliveryReport(message as Made, { trades, times, count: arrivals }, dropped, readMarks),
    );
});
process.on('SIGTERM', () => process.exit(0));
process.send!('ready');
