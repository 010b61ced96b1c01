/**
 * The fan-out process (docs/stream.md#process-layout): forked by the venue's process, which hands
 * it each stream's socket and sends it one message per flush. Argument: the limits, as JSON.
 * Ends every stream and exits when the venue's process disconnects (or is gone).
 */
import type { Socket } from 'node:net';
import {
  FanOutSockets,
  type FanOutLimits,
  type FanOutMessage,
  type FanOutReply,
} from './stream-fanout-sockets.js';

/** After the last streams were ended, at most this long for their sockets to close. */
const EXIT_GRACE_MS = 1000;

// A failed send means the venue's process is gone: its disconnect ends everything.
const reply = (message: FanOutReply) => {
  if (process.connected) process.send!(message, undefined, undefined, () => {});
};
const sockets = new FanOutSockets(JSON.parse(process.argv[2]!) as FanOutLimits, reply);

process.on('message', (message: FanOutMessage, socket: Socket | undefined) => {
  if (message[0] === 'flush') return sockets.write(message[1]);
  const [, id, head] = message;
  if (socket === undefined) return reply(id);
  socket.on('error', () => {});
  socket.on('close', () => sockets.remove(id));
  socket.on('drain', () => sockets.drained(id));
  socket.resume(); // a client has nothing to send; its end is seen
  sockets.add(id, socket, head);
  reply(['started', id]);
});
process.on('disconnect', () => {
  sockets.endAll();
  setTimeout(() => process.exit(0), EXIT_GRACE_MS).unref();
});
reply('ready');
