/**
 * Writes a generated flow as a scenario file, honouring backpressure: CSV (directives, header,
 * rows) or an Arrow flow (docs/flows.md).
 */
import type { Writable } from 'node:stream';
import { ArrowFlowWriter } from '../../flow/arrow/index.js';
import {
  formatInstrumentDirective,
  formatScenarioHeader,
  formatScenarioRow,
} from '../../flow/index.js';
import { orderFlow, type FlowOptions } from './order-flow.js';

const CHUNK = 1 << 16;

export type FlowFormat = 'csv' | 'arrow';

export async function writeFlow(
  options: FlowOptions,
  out: Writable,
  format: FlowFormat = 'csv',
): Promise<void> {
  if (format === 'arrow') {
    const writer = new ArrowFlowWriter(out, options.instruments, { clientOrderId: false });
    for (const row of orderFlow(options)) await writer.write(row);
    return writer.end();
  }
  let text = `# generated: simex generate --seed ${options.seed} --events ${options.events}\n`;
  for (const spec of options.instruments) text += formatInstrumentDirective(spec);
  text += formatScenarioHeader();
  for (const row of orderFlow(options)) {
    text += formatScenarioRow(row);
    if (text.length >= CHUNK) {
      await write(out, text);
      text = '';
    }
  }
  await write(out, text);
}

function write(out: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(text, (error) => (error ? reject(error) : resolve()));
  });
}
