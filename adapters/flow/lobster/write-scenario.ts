/** Writes converted messages as a scenario file (CSV or Arrow), honouring the output's backpressure. */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { ArrowFlowWriter, unitsLayout } from '../arrow/index.js';
import { formatInstrumentDirective, formatScenarioHeader, formatScenarioRow } from '../index.js';
import type { ConvertedMessage } from './convert-lobster.js';

/** LOBSTER prices are in cents or finer (refused when finer); sizes are whole shares. */
export const lobsterInstrument = (symbol: string) => ({ symbol, tickSize: '0.01', lotSize: '1' });

const CHUNK_CHARS = 1 << 16;

export async function writeScenario(
  symbol: string,
  messages: AsyncIterable<ConvertedMessage>,
  out: Writable,
  format: 'csv' | 'arrow' = 'csv',
): Promise<void> {
  if (format === 'arrow') {
    const instruments = [lobsterInstrument(symbol)];
    const layout = { clientOrderId: false };
    const writer = new ArrowFlowWriter(out, instruments, layout, unitsLayout(instruments));
    for await (const message of messages) {
      for (const row of message.rows) {
        // The converter refuses a price finer than a cent and sizes are whole shares.
        if (!(await writer.write(row))) throw new Error(`row ${row.id}: an amount off its units`);
      }
    }
    return writer.end();
  }
  let chunk = formatInstrumentDirective(lobsterInstrument(symbol)) + formatScenarioHeader();
  for await (const message of messages) {
    for (const row of message.rows) chunk += formatScenarioRow(row);
    if (chunk.length >= CHUNK_CHARS) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  if (chunk !== '' && !out.write(chunk)) await once(out, 'drain');
}
