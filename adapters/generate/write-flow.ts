/** Writes a generated flow as a scenario file: directives, header, rows, honouring backpressure. */
import type { Writable } from 'node:stream';
import {
  formatInstrumentDirective,
  formatScenarioHeader,
  formatScenarioRow,
} from '../csv/index.js';
import { orderFlow, type FlowOptions } from './order-flow.js';

const CHUNK = 1 << 16;

export async function writeFlow(options: FlowOptions, out: Writable): Promise<void> {
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
