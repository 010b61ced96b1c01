/** Where `generate` and `import` write a flow: stdout, or `--out FILE` (renamed into place on success). */
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Options } from 'yargs';
import { removeOnInterrupt } from '../interrupt-cleanup.js';

export const FORMAT_OPTION: Options = {
  choices: ['csv', 'arrow'],
  default: 'csv',
  describe: 'csv: a scenario CSV; arrow: an Arrow IPC file (docs/flows.md)',
};

export const OUT_OPTION: Options = {
  type: 'string',
  describe: 'Write the flow to this file (replaced only on success) instead of stdout',
};

export async function writeFlowTo<T>(
  path: string | undefined,
  write: (out: Writable) => Promise<T>,
): Promise<T> {
  if (path === undefined) return write(process.stdout);
  const partial = `${path}.partial-${process.pid}`;
  const out = createWriteStream(partial);
  const forget = removeOnInterrupt(() => rmSync(partial, { force: true }));
  try {
    const result = await write(out);
    out.end();
    await finished(out);
    renameSync(partial, path);
    return result;
  } finally {
    // After a failure, bytes still on their way to the stream are dropped, not an error.
    out.on('error', () => {});
    out.destroy();
    // A stream destroyed before its file opened still opens it, then closes it.
    await finished(out).catch(() => {});
    rmSync(partial, { force: true });
    forget();
  }
}
