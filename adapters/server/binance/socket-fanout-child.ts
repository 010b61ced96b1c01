/**
 * The market WebSockets' fan-out process (docs/ccxt.md#websockets): forked by the venue's
 * process, which hands it each market socket's upgraded connection and sends it one message per
 * flush. It completes the upgrade (`ws`), passes each client message back, writes each flush's
 * frames (built once per group) to every socket of the group, and drops a socket with more than
 * `maxBufferedBytes` queued. Argument: the limits, as JSON. Ends every socket and exits when the
 * venue's process disconnects (or is gone).
 */
import type { Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  textFrames,
  type SocketFanOutLimits,
  type SocketFanOutMessage,
  type SocketFanOutReply,
  type UpgradeRequest,
} from './socket-fanout-protocol.js';

/** After the sockets were closed, at most this long for them to end. */
const EXIT_GRACE_MS = 1000;
const GOING_AWAY = 1001;

const limits = JSON.parse(process.argv[2]!) as SocketFanOutLimits;
// A failed send means the venue's process is gone: its disconnect ends everything.
const reply = (message: SocketFanOutReply) => {
  if (process.connected) process.send!(message, undefined, undefined, () => {});
};
const server = new WebSocketServer({
  noServer: true,
  maxPayload: limits.maxPayload,
  perMessageDeflate: false,
  clientTracking: false,
});
/** The open sockets: the `ws` object, and the connection the flushes' frames are written to. */
const open = new Map<number, { readonly ws: WebSocket; readonly socket: Socket }>();
/** The open sockets of each group, and each socket's group. */
const groups = new Map<number, Set<number>>();
const groupOf = new Map<number, number>();
/** Connections held until the venue's process closed its descriptor, with their upgrade. */
const held = new Map<number, () => void>();

process.on('message', (message: SocketFanOutMessage, socket: Socket | undefined) => {
  switch (message[0]) {
    case 'open':
      return hold(message[1], message[2], message[3], socket);
    case 'upgrade': {
      const upgrade = held.get(message[1]);
      held.delete(message[1]);
      return upgrade?.();
    }
    case 'send':
      return open.get(message[1])?.ws.send(message[2]);
    case 'close':
      return open.get(message[1])?.ws.close(message[2], message[3]);
    case 'join':
      leave(message[1]);
      if (message[2] >= 0 && open.has(message[1])) join(message[1], message[2]);
      return;
    case 'flush':
      for (const [group, messages] of message[1]) {
        const ids = groups.get(group);
        if (ids === undefined) continue;
        const frames = textFrames(messages);
        for (const id of ids) {
          const target = open.get(id);
          if (target === undefined) continue;
          // A slow consumer: cut at once, nothing waits for it.
          if (target.socket.writableLength > limits.maxBufferedBytes) target.ws.terminate();
          else target.socket.write(frames);
        }
      }
  }
});

function join(id: number, group: number): void {
  let ids = groups.get(group);
  if (ids === undefined) groups.set(group, (ids = new Set()));
  ids.add(id);
  groupOf.set(id, group);
}

function leave(id: number): void {
  const group = groupOf.get(id);
  if (group === undefined) return;
  groupOf.delete(id);
  const ids = groups.get(group)!;
  ids.delete(id);
  if (ids.size === 0) groups.delete(group);
}

function hold(
  id: number,
  request: UpgradeRequest,
  head: Uint8Array,
  socket: Socket | undefined,
): void {
  if (socket === undefined) return reply(['closed', id]);
  let closed = false;
  const ended = () => {
    if (closed) return;
    closed = true;
    open.delete(id);
    held.delete(id);
    leave(id);
    reply(['closed', id]);
  };
  socket.on('close', ended);
  socket.on('error', () => {});
  held.set(id, () => upgrade(id, request, head, socket, ended));
  reply(['held', id]);
}

function upgrade(
  id: number,
  request: UpgradeRequest,
  head: Uint8Array,
  socket: Socket,
  ended: () => void,
): void {
  if (socket.destroyed) return;
  server.handleUpgrade(
    request as Parameters<WebSocketServer['handleUpgrade']>[0],
    socket,
    Buffer.from(head),
    (ws) => {
      open.set(id, { ws, socket });
      ws.on('message', (data, binary) => {
        reply(['message', id, binary ? null : (data as Buffer).toString()]);
      });
      ws.on('close', ended);
      ws.on('error', () => ws.terminate());
    },
  );
}

process.on('disconnect', () => {
  for (const { ws } of open.values()) ws.close(GOING_AWAY, 'server stopping');
  for (const id of held.keys()) held.delete(id);
  setTimeout(() => process.exit(0), EXIT_GRACE_MS).unref();
});
reply('ready');
