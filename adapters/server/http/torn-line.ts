import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

const NEWLINE = 0x0a;
const CHUNK = 64 * 1024;

/**
 * A crash mid-append leaves a last line without its newline; it was never acknowledged (a
 * response waits for the whole line's sync). Cuts it off the file and says which line it was.
 */
export async function dropTornLastLine(
  path: string,
): Promise<{ line: number; text: string } | null> {
  const file = await open(path, 'r+').catch(() => null);
  if (file === null) return null;
  try {
    const { size } = await file.stat();
    if (size === 0) return null;
    const buffer = Buffer.alloc(CHUNK);
    let end = size;
    let keep = -1;
    while (end > 0 && keep < 0) {
      const start = Math.max(0, end - CHUNK);
      const { bytesRead } = await file.read(buffer, 0, end - start, start);
      const newline = buffer.subarray(0, bytesRead).lastIndexOf(NEWLINE);
      if (end === size && newline === bytesRead - 1) return null;
      if (newline >= 0) keep = start + newline + 1;
      end = start;
    }
    keep = Math.max(keep, 0);
    const torn = Buffer.alloc(Math.min(size - keep, 200));
    await file.read(torn, 0, torn.length, keep);
    const line = (await countNewlines(path, keep)) + 1;
    await file.truncate(keep);
    await file.sync();
    return { line, text: JSON.stringify(torn.toString('utf8')) };
  } finally {
    await file.close();
  }
}

async function countNewlines(path: string, end: number): Promise<number> {
  if (end === 0) return 0;
  let count = 0;
  for await (const chunk of createReadStream(path, { end: end - 1 }) as AsyncIterable<Buffer>) {
    for (let index = chunk.indexOf(NEWLINE); index >= 0; index = chunk.indexOf(NEWLINE, index + 1))
      count++;
  }
  return count;
}
