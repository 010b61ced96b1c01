import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { flowInstruments } from '../adapters/runs/generate/flow-instruments.js';
import { writeFlow, type FlowFormat } from '../adapters/runs/generate/write-flow.js';

/**
 * Writes a generated flow to `file`, a scenario CSV or an Arrow flow: BTC-USD and ETH-USD from
 * 2026-01-05, arrivals 10 s apart on average, 8 accounts.
 */
export async function writeGeneratedFlow(
  file: string,
  seed: number,
  events: number,
  format: FlowFormat = 'csv',
) {
  const out = createWriteStream(file);
  const options = {
    seed,
    events,
    instruments: flowInstruments(['BTC-USD', 'ETH-USD']),
    start: Date.UTC(2026, 0, 5),
    meanIntervalMs: 10_000,
    accounts: 8,
  };
  await writeFlow(options, out, format);
  out.end();
  await finished(out);
}
