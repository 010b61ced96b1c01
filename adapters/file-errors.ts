/** A file that cannot be opened, read or written, as one line: `path: reason (CODE)`. */
import {
  closeSync,
  createReadStream,
  fstatSync,
  openSync,
  statSync,
  type ReadStream,
} from 'node:fs';

export class FileError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = new.target.name;
  }
}

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of the path is not a directory',
  EISDIR: 'is a directory, not a file',
  EEXIST: 'exists and is not a directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EIO: 'input/output error',
  ENAMETOOLONG: 'name too long',
  ELOOP: 'too many symbolic links',
  EMFILE: 'too many open files',
};

/** The error as a FileError when it is a system error on a file; null for anything else. */
export function asFileError(error: unknown, path?: string): FileError | null {
  if (error instanceof FileError) return error;
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string')
    return null;
  const file = 'path' in error && typeof error.path === 'string' ? error.path : path;
  const reason = REASONS[error.code];
  if (file === undefined || reason === undefined) return null;
  return new FileError(file, `${reason} (${error.code})`);
}

/** Throws a FileError unless `path` is a regular file (or what reads like one: a pipe, a device). */
export function requireInputFile(path: string): void {
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    throw asFileError(error, path) ?? error;
  }
  if (stats.isDirectory()) throw notAFile(path);
}

/** The error for a directory given where a file is expected. */
export function notAFile(path: string): FileError {
  return new FileError(path, `${REASONS['EISDIR']} (EISDIR)`);
}

/**
 * Opens `file` for reading now, so that a missing or unreadable file (or a directory) is a
 * FileError before anything is written, not a stream 'error' event later.
 */
export function openInputStream(file: string, highWaterMark?: number): ReadStream {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw asFileError(error, file) ?? error;
  }
  if (fstatSync(fd).isDirectory()) {
    closeSync(fd);
    throw notAFile(file);
  }
  return createReadStream(file, { fd, ...(highWaterMark !== undefined && { highWaterMark }) });
}
