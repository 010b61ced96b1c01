/**
 * The server `npm run bench:stream` measures, in its own process (from the sources, through
 * tsx): simex serve's server on the default venue, rate limits off, room for the subscribers
 * (and BENCH_FLUSH_MS, when set, as the streams' flushMs). Its arguments: the subscribers, and
 * the transport (`sse`, or `binance-ws` for `npm run bench:ws`): it names each trade by the number
 * that transport's trade event carries (the trade id's, or the Binance `t`, the trade's sequence).
 * Prints its URL as one JSON line, then answers messages: `cpu` with its CPU time and the fan-out
 * process's (the SSE one, or with `binance-ws` the market WebSockets' one; µs; the latter from
 * /proc, in 10 ms ticks, 0 when it is not running); `record`
 * starts noting when each trade happens (process.hrtime, ms: the monotonic clock every process
 * shares) and `trades` stops and answers them as [trade number, ms] pairs, with the flushes
 * handed to the fan-out process (either one) meanwhile as [ms, last trade made before it] pairs (a trade went
 * out with the first flush after it); with BENCH_PROFILE=DIR, the server's CPU profile between the
 * two goes to DIR. Runs until killed.
 */
import childProcesses, { type ChildProcess } from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { startServer } from '../../adapters/server/http/server.js';
import { FanOut } from '../../adapters/server/http/stream-fanout.js';

const subscribers = Number(process.argv[2]);
const isBinanceWs = process.argv[3] === 'binance-ws';
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  grants: [{ key: 'bench-key', account: 'bench' }],
  rateLimit: 0,
  streamLimits: {
    maxStreams: subscribers,
    maxStreamsPerKey: subscribers,
    ...(process.env['BENCH_FLUSH_MS'] && { flushMs: Number(process.env['BENCH_FLUSH_MS']) }),
  },
});
let trades: Array<[number, number]> = [];
let flushes: Array<[number, number]> = [];
let recording = false;
let stopRecording = () => {};
// eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the fan-out as this
const handOn = FanOut.prototype.write;
FanOut.prototype.write = function (texts) {
  if (recording) flushes.push([Number(process.hrtime.bigint()) / 1e6, trades.at(-1)?.[0] ?? 0]);
  handOn.call(this, texts);
};
// The Binance fan-out's flushes are its `flush` messages to its process: `fork` is wrapped (the
// module's named export follows, syncBuiltinESMExports) to note each one the process is sent.
const forkOn = childProcesses.fork;
childProcesses.fork = ((...args: Parameters<typeof forkOn>) => {
  const forked = forkOn(...args);
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the child as this
  const sendOn = forked.send;
  forked.send = function (this: ChildProcess, ...sent: unknown[]) {
    const [message] = sent;
    if (recording && isBinanceWs && Array.isArray(message) && message[0] === 'flush')
      flushes.push([Number(process.hrtime.bigint()) / 1e6, trades.at(-1)?.[0] ?? 0]);
    return (sendOn as (...rest: unknown[]) => boolean).apply(this, sent);
  };
  return forked;
}) as typeof forkOn;
syncBuiltinESMExports();
const profileDir = process.env['BENCH_PROFILE'];
const profiler = new Session();
let profiles = 0;

process.on('message', (message) => void answer(message));

async function answer(message: unknown): Promise<void> {
  if (message === 'record') {
    recording = true;
    stopRecording = server.venue.subscribe(
      (event) => {
        if (event.type !== 'trade') return;
        const number = isBinanceWs ? event.trade.sequence : Number(event.trade.id.slice(2));
        trades.push([number, Number(process.hrtime.bigint()) / 1e6]);
      },
      ['trade'],
    );
    if (profileDir !== undefined) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    process.send!('recording');
  } else if (message === 'trades') {
    stopRecording();
    recording = false;
    if (profileDir !== undefined) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(
        join(profileDir, `stream-server-${++profiles}.cpuprofile`),
        JSON.stringify(profile),
      );
      profiler.disconnect();
    }
    process.send!({ trades, flushes });
    trades = [];
    flushes = [];
  } else {
    const { user, system } = process.cpuUsage();
    process.send!([user + system, fanOutCpuMicros()]);
  }
}

/** The fan-out process's CPU time (µs), from its utime and stime in /proc (clock ticks of 10 ms). */
function fanOutCpuMicros(): number {
  const pid = isBinanceWs ? server.binance.fanOutPid : server.streams.fanOutPid;
  if (pid === undefined) return 0;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}
process.stdout.write(JSON.stringify({ url: server.url }) + '\n');
