/**
 * The server `npm run bench:stream` measures, in its own process (from the sources, through
 * tsx): simex serve's server on the default venue, rate limits off, room for the subscribers.
 * Prints its URL as one JSON line; answers `cpu` messages with its CPU time (µs); runs until killed.
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
process.on('message', () => {
  const { user, system } = process.cpuUsage();
  process.send!(user + system);
});
process.on('SIGTERM', () => process.exit(0));
process.stdout.write(JSON.stringify({ url: server.url }) + '\n');
