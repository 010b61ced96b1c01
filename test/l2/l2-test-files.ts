/** Temporary files for the L2 tests, and importers' output caught in memory. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll } from 'vitest';
import { openL2File, type L2Row } from '../../adapters/flow/l2/index.js';

/** A fresh directory, removed after the test file's tests. */
export function workDirectory(): (name: string, text: string | Uint8Array) => string {
  const work = mkdtempSync(join(tmpdir(), 'simex-l2-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  let files = 0;
  return (name, text) => {
    const file = join(work, `${files++}-${name}`);
    writeFileSync(file, text);
    return file;
  };
}

/** A stream that keeps what is written to it. */
export class Collector extends Writable {
  readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer, _: BufferEncoding, done: () => void): void {
    this.chunks.push(Buffer.from(chunk));
    done();
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** Every row of an L2 flow file, batches joined. */
export async function readL2(file: string): Promise<L2Row[]> {
  const source = await openL2File(file);
  const rows: L2Row[] = [];
  for await (const batch of source.batches) rows.push(...batch);
  return rows;
}

/** The message of what `run` rejects with. */
export async function failure(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    return error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error);
  }
  throw new Error('expected a failure');
}
