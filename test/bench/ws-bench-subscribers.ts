/**
 * The subscribers of `npm run bench:ws`, in their own process: `count` plain `ws` clients that
 * each do what ccxt.pro's `watchTrades` does on the Binance dialect (open `/ws/<n>`, send
 * `{"method":"SUBSCRIBE","params":["btcusd@trade"],"id":1}` and wait for `{"result":null,"id":1}`),
 * and record when each trade event arrives (process.hrtime, the monotonic clock every process
 * shares). Plain `ws` rather than 200 ccxt.pro instances: those parse and cache every trade in
 * one process, and the latency measured would be ccxt's. Messages as in `stream-bench-subscribers`:
 * `ready` once every socket is subscribed; `cpu` answers its CPU time (µs); the trades made
 * answer the delivery latencies' summary.
 */
import WebSocket from 'ws';
import { deliveryReport, type Made } from './delivery-report.js';

const [url, countText] = process.argv.slice(2) as [string, string];
const count = Number(countText);
const STREAM = 'btcusd@trade';
// A trade event's text up to its trade number (`t`), fixed by the dialect's field order.
const TRADE_NUMBER = ',"t":';

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const trades: number[] = [];
const times: number[] = [];
/** Sockets the server closed (slow consumers). */
let dropped = 0;
/** Messages received, all sockets together. */
let messages = 0;
const messageMarks: number[] = [];

function subscribe(n: number): Promise<void> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/ws/${n}`, {
    perMessageDeflate: false,
  });
  return new Promise((resolve, reject) => {
    socket.on('open', () =>
      socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: [STREAM], id: 1 })),
    );
    socket.on('message', (data) => {
      const now = nowMs();
      messages++;
      const text = (data as Buffer).toString(); // the default binaryType: a text frame is a Buffer
      const at = text.indexOf(TRADE_NUMBER);
      if (at < 0) {
        if (text !== '{"result":null,"id":1}') reject(new Error(`not a subscription: ${text}`));
        resolve();
        return;
      }
      trades.push(Number.parseInt(text.slice(at + TRADE_NUMBER.length), 10));
      times.push(now);
    });
    socket.on('close', () => dropped++);
    socket.on('error', reject);
  });
}

await Promise.all(Array.from({ length: count }, (_, n) => subscribe(n)));
process.on('message', (message) => {
  if (message === 'cpu') {
    messageMarks.push(messages);
    const { user, system } = process.cpuUsage();
    process.send!(user + system);
  } else {
    const arrivals = { trades, times, count: trades.length };
    process.send!(deliveryReport(message as Made, arrivals, dropped, messageMarks));
  }
});
process.on('SIGTERM', () => process.exit(0));
process.send!('ready');
