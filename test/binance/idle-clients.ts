/**
 * A process that holds idle WebSocket clients for test/binance/idle-sockets.test.ts, so that its
 * descriptors are not the test's. Commands come over IPC, one at a time, each answered once:
 * `open` opens `count` sockets to `url` (at most `batch` connecting at once), `refused` tries one
 * more and answers its HTTP status and body, `close` closes every socket and waits until they
 * are closed. It exits when the test disconnects.
 */
import type { IncomingMessage } from 'node:http';
import { WebSocket } from 'ws';

export type IdleClientsCommand =
  | readonly ['open', url: string, count: number, batch: number]
  | readonly ['refused', url: string]
  | readonly ['close'];

export type IdleClientsReply =
  | readonly ['opened', open: number]
  | readonly ['refused', status: number, body: string]
  | readonly ['closed']
  | readonly ['failed', message: string];

const sockets: WebSocket[] = [];

/** One socket to `url`, open; rejects with the reason it did not open. */
function connect(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response: IncomingMessage) =>
      reject(new Error(`HTTP ${response.statusCode}`)),
    );
  });
}

async function open(url: string, count: number, batch: number): Promise<void> {
  for (let done = 0; done < count;) {
    const size = Math.min(batch, count - done);
    const opened = await Promise.all(Array.from({ length: size }, () => connect(url)));
    for (const socket of opened) socket.on('error', () => {});
    sockets.push(...opened);
    done += size;
  }
}

async function refused(url: string): Promise<IdleClientsReply> {
  const socket = new WebSocket(url);
  socket.on('error', () => {});
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    socket.once('unexpected-response', (_request, answer: IncomingMessage) => resolve(answer));
    socket.once('open', () => reject(new Error('the socket past the limit opened')));
  });
  let body = '';
  for await (const chunk of response) body += String(chunk);
  socket.terminate();
  return ['refused', response.statusCode ?? 0, body];
}

async function closeAll(): Promise<void> {
  const closing = sockets.map((socket) => new Promise((resolve) => socket.once('close', resolve)));
  for (const socket of sockets) socket.close();
  await Promise.all(closing);
  sockets.length = 0;
}

async function run(command: IdleClientsCommand): Promise<IdleClientsReply> {
  switch (command[0]) {
    case 'open':
      await open(command[1], command[2], command[3]);
      return ['opened', sockets.length];
    case 'refused':
      return refused(command[1]);
    case 'close':
      await closeAll();
      return ['closed'];
  }
}

process.on('message', (command: IdleClientsCommand) => {
  run(command).then(
    (reply) => process.send!(reply),
    (error: unknown) => process.send!(['failed', String(error)]),
  );
});
process.on('disconnect', () => {
  for (const socket of sockets) socket.terminate();
  process.exit(0);
});
