/**
 * Replay outputs written to temporary files beside their destination and renamed into place only
 * when the whole replay succeeded; on failure they are removed, so nothing partial looks like a
 * result. Writes are buffered and synchronous: constant memory, and the order is the call order.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const FLUSH_AT = 1 << 16;

export class BufferedFile {
  #fd: number | null;
  #buffer = '';

  constructor(readonly path: string) {
    this.#fd = openSync(path, 'w');
  }

  write(text: string): void {
    this.#buffer += text;
    if (this.#buffer.length >= FLUSH_AT) this.flush();
  }

  flush(): void {
    if (this.#fd !== null && this.#buffer !== '') writeSync(this.#fd, this.#buffer);
    this.#buffer = '';
  }

  close(): void {
    this.flush();
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
  }
}

/** A set of named outputs in `dir`, written under temporary names until `commit`. */
export class OutputDirectory {
  readonly #files = new Map<string, BufferedFile>();
  readonly #suffix: string;

  constructor(
    readonly dir: string,
    processId: number,
  ) {
    mkdirSync(dir, { recursive: true });
    this.#suffix = `.partial-${processId}`;
  }

  open(name: string): BufferedFile {
    const file = new BufferedFile(join(this.dir, `.${name}${this.#suffix}`));
    this.#files.set(name, file);
    return file;
  }

  /** Closes every file and renames it to its final name. */
  commit(): void {
    for (const [name, file] of this.#files) {
      file.close();
      renameSync(file.path, join(this.dir, name));
    }
    this.#files.clear();
  }

  /** Closes and removes every temporary file. */
  discard(): void {
    for (const file of this.#files.values()) {
      file.close();
      rmSync(file.path, { force: true });
    }
    this.#files.clear();
  }
}
