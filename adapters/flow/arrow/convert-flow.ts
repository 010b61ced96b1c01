/**
 * `simex convert`: a CSV flow to an Arrow flow, written under a temporary name beside the output
 * and renamed into place only when the whole input was read (a malformed row leaves nothing).
 */
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import { removeOnInterrupt } from '../../interrupt-cleanup.js';
import { openScenarioFile } from '../csv/index.js';
import { ArrowFlowWriter } from './flow-writer.js';

/** Rows written. Throws the input's ScenarioSyntaxError when it is malformed. */
export async function convertFlowFile(input: string, output: string): Promise<number> {
  const partial = `${output}.partial-${process.pid}`;
  const out = createWriteStream(partial);
  const forget = removeOnInterrupt(() => rmSync(partial, { force: true }));
  let rows = 0;
  try {
    const scenario = await openScenarioFile(input, { parallel: true });
    const writer = new ArrowFlowWriter(out, scenario.instruments, scenario.layout);
    for await (const batch of scenario.batches) {
      for (const row of batch) await writer.write(row);
      rows += batch.length;
    }
    await writer.end();
    out.end();
    await finished(out);
    renameSync(partial, output);
    return rows;
  } finally {
    // After a failure, bytes still on their way to the stream are dropped, not an error.
    out.on('error', () => {});
    out.destroy();
    rmSync(partial, { force: true });
    forget();
  }
}
