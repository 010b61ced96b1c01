/**
 * The server `npm run bench:stream` measures, in its own process (from the sources, through
 * tsx): simex serve's server on the default venue, rate limits off, room for the subscribers.
 * Prints its URL as one JSON line, then answers messages: `cpu` with its CPU time (µs); `record`
 * starts noting when each trade happens (process.hrtime, ms: the monotonic clock every process
 * shares) and `trades` stops and answers them as [trade number, ms] pairs. Runs until killed.
 */
import { startServer } from '../../adapters/http/server.js';

const subscribers = Number(process.argv[2]);
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  grants: [{ key: 'bench-key', account: 'bench' }],
  rateLimit: 0,
  streamLimits: { maxStreams: subscribers, maxStreamsPerKey: subscribers },
});
let trades: Array<[number, number]> = [];
let stopRecording = () => {};

process.on('message', (message) => {
  if (message === 'record') {
    stopRecording = server.venue.subscribe(
      (event) => {
        if (event.type === 'trade')
          trades.push([Number(event.trade.id.slice(2)), Number(process.hrtime.bigint()) / 1e6]);
      },
      ['trade'],
    );
    process.send!('recording');
  } else if (message === 'trades') {
    stopRecording();
    process.send!(trades);
    trades = [];
  } else {
    const { user, system } = process.cpuUsage();
    process.send!(user + system);
  }
});
process.on('SIGTERM', () => process.exit(0));
process.stdout.write(JSON.stringify({ url: server.url }) + '\n');
