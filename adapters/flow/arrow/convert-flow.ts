/**
 * `simex convert`: a CSV flow to an Arrow flow, written under a temporary name beside the output
 * and renamed into place only when the whole input was read (a malformed row leaves nothing).
 * Prices and sizes are written as int64 units (docs/flows.md); a flow with an amount units cannot
 * hold exactly (malformed, too precise or too large: the venue refuses its row) is written again
 * from its start with them as text, which keeps the cell as the CSV has it.
 */
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import { removeOnInterrupt } from '../../interrupt-cleanup.js';
import { openScenarioFile } from '../csv/index.js';
import { unitsLayout, type UnitsLayout } from './flow-schema.js';
import { ArrowFlowWriter } from './flow-writer.js';

/** Rows written. Throws the input's ScenarioSyntaxError when it is malformed. */
export async function convertFlowFile(input: string, output: string): Promise<number> {
  const partial = `${output}.partial-${process.pid}`;
  const forget = removeOnInterrupt(() => rmSync(partial, { force: true }));
  try {
    const rows =
      (await writeArrow(input, partial, 'units')) ?? (await writeArrow(input, partial, 'text'));
    renameSync(partial, output);
    return rows!;
  } finally {
    rmSync(partial, { force: true });
    forget();
  }
}

/** Writes `input` to `path` with its amounts as units or text: the rows, or null when an amount does not fit units. */
async function writeArrow(
  input: string,
  path: string,
  amounts: 'units' | 'text',
): Promise<number | null> {
  const out = createWriteStream(path);
  let rows = 0;
  try {
    const scenario = await openScenarioFile(input, { parallel: true });
    const units: UnitsLayout | null =
      amounts === 'units' ? unitsLayout(scenario.instruments) : null;
    const writer = new ArrowFlowWriter(out, scenario.instruments, scenario.layout, units);
    for await (const batch of scenario.batches) {
      for (const row of batch) if (!(await writer.write(row))) return null;
      rows += batch.length;
    }
    await writer.end();
    out.end();
    await finished(out);
    return rows;
  } finally {
    // After a failure, bytes still on their way to the stream are dropped, not an error.
    out.on('error', () => {});
    out.destroy();
  }
}
