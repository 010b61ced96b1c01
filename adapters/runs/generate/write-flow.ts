/**
 * Writes a generated flow as a scenario file, honouring backpressure: CSV (directives, header,
 * rows) or an Arrow flow (docs/flows.md).
 */
import type { Writable } from 'node:stream';
import { ArrowFlowWriter, unitsLayout } from '../../flow/arrow/index.js';
import {
  formatInstrumentDirective,
  formatScenarioHeader,
  formatScenarioRow,
} from '../../flow/index.js';
import { orderFlow, type FlowOptions } from './order-flow.js';

const CHUNK = 1 << 16;
const PLAIN = { clientOrderId: false };

export type FlowFormat = 'csv' | 'arrow';

export async function writeFlow(
  options: FlowOptions,
  out: Writable,
  format: FlowFormat = 'csv',
): Promise<void> {
  if (format === 'arrow') {
    const { instruments } = options;
    const writer = new ArrowFlowWriter(out, instruments, PLAIN, unitsLayout(instruments));
    for (const row of orderFlow(options)) {
      if (!(await writer.write(row))) throw new Error(`row ${row.id}: an amount off its units`);
    }
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
