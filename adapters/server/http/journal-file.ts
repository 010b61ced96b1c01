import { constants } from 'node:fs';
import { open, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';

/** The file operations the journal writer uses: a seam a test can make fail (ENOSPC, EIO). */
export interface JournalFile {
  /** Writes every byte of `data` at `position`. */
  write(data: Buffer, position: number): Promise<void>;
  /** fdatasync. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export type OpenJournalFile = (path: string) => Promise<JournalFile>;

/** Opens (creating) `path` for positional writes: a failed write is redone at the same offset. */
export const openJournalFile: OpenJournalFile = async (path) => {
  const file = await open(path, constants.O_RDWR | constants.O_CREAT);
  return {
    async write(data, position) {
      for (let done = 0; done < data.length;) {
        const { bytesWritten } = await file.write(data, done, data.length - done, position + done);
        done += bytesWritten;
      }
    },
    sync: () => file.datasync(),
    close: () => file.close(),
  };
};

/** Writes a new journal's first lines and syncs them (and the directory); on failure the file is left empty. */
export async function writeNewJournal(
  path: string,
  text: string,
  openFile: OpenJournalFile,
): Promise<void> {
  try {
    const file = await openFile(path);
    try {
      await file.write(Buffer.from(text), 0);
      await file.sync();
    } finally {
      await file.close();
    }
    await syncDirectory(dirname(path));
  } catch (error) {
    await truncate(path, 0).catch(() => {});
    throw error;
  }
}

async function syncDirectory(path: string): Promise<void> {
  const directory = await open(path, 'r');
  try {
    await directory.sync();
  } catch {
    // Some file systems cannot sync a directory; the file's own sync still holds.
  } finally {
    await directory.close();
  }
}
