/**
 * The delivery latencies the subscriber processes of `npm run bench:stream` and `bench:ws` report:
 * from each trade (noted by the server) to each of its arrivals, and where the time went.
 */

export interface Breakdown {
  /** From the trade to the flush that handed it to the fan-out process (in the server). */
  readonly queued: number;
  /** From that flush to the trade's first arrival at any subscriber (IPC, fan-out, first write and read). */
  readonly handOff: number;
  /** From the first arrival to this one (the fan-out's writes and the subscribers' reads in turn). */
  readonly inTurn: number;
}

/** What the subscribers answer `report` with. */
export interface Report {
  readonly deliveries: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Streams the server dropped as slow consumers. */
  readonly dropped: number;
  /** Reads with data (SSE) or messages (WebSockets) at all subscribers since the measure began. */
  readonly reads: number;
  /** Where the time of all deliveries went, and of those at or beyond the p99. */
  readonly all: Breakdown;
  readonly tail: Breakdown;
}

/** What the server noted during the measure, as [trade number, ms] and [ms, last trade before] pairs. */
export interface Made {
  readonly trades: ReadonlyArray<readonly [number, number]>;
  readonly flushes: ReadonlyArray<readonly [number, number]>;
}

/** The arrivals a subscriber process recorded: the trade number and time of each, `count` of them. */
export interface Arrivals {
  readonly trades: ArrayLike<number>;
  readonly times: ArrayLike<number>;
  readonly count: number;
}

/**
 * The latencies of the trades made during the measure, and where their time went; `readMarks`
 * are the reads (or messages) counted at each `cpu` message: the measure is between the last two.
 */
export function deliveryReport(
  { trades: made, flushes }: Made,
  { trades, times, count: arrivals }: Arrivals,
  dropped: number,
  readMarks: readonly number[],
): Report {
  const madeAt = new Map(made);
  const flushedAt = new Map<number, number>();
  let flush = 0;
  for (const [trade] of made) {
    while (flush < flushes.length && flushes[flush]![1] < trade) flush++;
    flushedAt.set(trade, flushes[flush]?.[0] ?? NaN);
  }
  const firstAt = new Map<number, number>();
  for (let i = 0; i < arrivals; i++)
    if (!(firstAt.get(trades[i]!)! <= times[i]!)) firstAt.set(trades[i]!, times[i]!);
  const latencies: number[] = [];
  const kept: number[] = [];
  for (let i = 0; i < arrivals; i++) {
    const at = madeAt.get(trades[i]!);
    if (at === undefined) continue;
    latencies.push(times[i]! - at);
    kept.push(i);
  }
  const order = Array.from(latencies.keys()).sort((a, b) => latencies[a]! - latencies[b]!);
  const quantile = (q: number) =>
    latencies[order[Math.min(order.length - 1, Math.floor(q * order.length))]!] ?? NaN;
  const breakdown = (from: number): Breakdown => {
    let [queued, handOff, inTurn] = [0, 0, 0];
    for (let k = from; k < order.length; k++) {
      const i = kept[order[k]!]!;
      const trade = trades[i]!;
      queued += flushedAt.get(trade)! - madeAt.get(trade)!;
      handOff += firstAt.get(trade)! - flushedAt.get(trade)!;
      inTurn += times[i]! - firstAt.get(trade)!;
    }
    const n = order.length - from;
    return { queued: queued / n, handOff: handOff / n, inTurn: inTurn / n };
  };
  return {
    deliveries: order.length,
    p50: quantile(0.5),
    p99: quantile(0.99),
    max: quantile(1),
    dropped,
    reads: readMarks.at(-1)! - readMarks.at(-2)!,
    all: breakdown(0),
    tail: breakdown(Math.floor(0.99 * order.length)),
  };
}
