import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

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
