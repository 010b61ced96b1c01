/**
 * The subscribers of `npm run bench:stream`, in their own process so that their parsing does not
 * compete with the load client: opens `count` streams on BTC-USD (trades,book) and records when
 * each trade event arrives (process.hrtime, the monotonic clock every process shares). Each is a
 * plain TCP socket that sends the request and scans the answer's bytes itself, without decoding them (node:http's client
 * costs several times as much a read, and 200 streams read in turn make the last one wait for the
 * others: the latency measured would be the client's). Messages:
 * it sends `ready` once every stream has its snapshot; it answers `cpu` with its CPU time (µs) and
 * a list of when each trade was made with the delivery latencies' summary (and the reads between
 * the last two `cpu` messages).
 */
import { connect } from 'node:net';

const [url, countText] = process.argv.slice(2) as [string, string];
const count = Number(countText);
const KEY = 'bench-key';
const PATH = '/v1/stream?symbols=BTC-USD&channels=trades,book';
const TRADE = Buffer.from('event: trade\n');
const TRADE_ID = Buffer.from('"trade_id":"t_');
const HEAD_END = '\r\n\r\n';
const EVENT_END = '\n\n';
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

/** The trade numbers of the whole events in `bytes` (`end`: where the last one ends), recorded at `now`. */
function recordTrades(bytes: Buffer, end: number, now: number): void {
  for (let at = bytes.indexOf(TRADE); at >= 0 && at < end; at = bytes.indexOf(TRADE, at)) {
    at = bytes.indexOf(TRADE_ID, at) + TRADE_ID.length;
    let trade = 0;
    for (let digit = bytes[at]! - 48; digit >= 0 && digit <= 9; digit = bytes[++at]! - 48)
      trade = trade * 10 + digit;
    record(trade, now);
  }
}

function subscribe(): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let rest: Buffer = Buffer.alloc(0);
    let head = true;
    // Reads land in one buffer per socket, handed to `callback` without a stream's machinery.
    const callback = (length: number, into: Uint8Array): boolean => {
      const now = nowMs();
      reads++;
      const chunk = Buffer.from(into.buffer, into.byteOffset, length);
      let bytes: Buffer = rest.length === 0 ? chunk : Buffer.concat([rest, chunk]);
      const body = head ? bytes.indexOf(HEAD_END) : -1;
      if (body >= 0) {
        const status = bytes.toString('latin1', 0, bytes.indexOf('\r\n'));
        if (!status.startsWith('HTTP/1.1 200 ')) reject(new Error(status));
        bytes = bytes.subarray(body + HEAD_END.length);
        head = false;
      }
      const end = head ? -1 : bytes.lastIndexOf(EVENT_END);
      if (end >= 0) {
        recordTrades(bytes, end, now);
        bytes = bytes.subarray(end + EVENT_END.length);
        resolve();
      }
      rest = Buffer.from(bytes); // a copy: the read buffer is reused
      return true;
    };
    const buffer = Buffer.alloc(READ_BUFFER);
    const socket = connect({ port: Number(port), host: hostname, onread: { buffer, callback } });
    socket.write(`GET ${PATH} HTTP/1.1\r\nHost: ${hostname}\r\nX-API-Key: ${KEY}\r\n\r\n`);
    socket.on('close', () => dropped++);
    socket.on('error', reject);
  });
}

/** What the subscribers answer `report` with. */
export interface Report {
  readonly deliveries: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Streams the server dropped as slow consumers. */
  readonly dropped: number;
  /** Reads with data at all subscribers since the measure began (about one per server write). */
  readonly reads: number;
}

/** The latencies of the trades made during the measure ([trade number, ms] pairs). */
function report(made: ReadonlyArray<readonly [number, number]>): Report {
  const madeAt = new Map(made);
  const latencies: number[] = [];
  for (let i = 0; i < arrivals; i++) {
    const at = madeAt.get(trades[i]!);
    if (at !== undefined) latencies.push(times[i]! - at);
  }
  const sorted = Float64Array.from(latencies).sort();
  const quantile = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return {
    deliveries: sorted.length,
    p50: quantile(0.5),
    p99: quantile(0.99),
    max: quantile(1),
    dropped,
    reads: readMarks.at(-1)! - readMarks.at(-2)!,
  };
}

await Promise.all(Array.from({ length: count }, subscribe));
process.on('message', (message) => {
  if (message === 'cpu') {
    readMarks.push(reads);
    const { user, system } = process.cpuUsage();
    process.send!(user + system);
  } else process.send!(report(message as Array<[number, number]>));
});
process.on('SIGTERM', () => process.exit(0));
process.send!('ready');
