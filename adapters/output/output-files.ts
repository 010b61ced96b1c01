/**
 * Replay outputs written to temporary files beside their destination and renamed into place only
 * when the whole replay succeeded; on failure they are removed, so nothing partial looks like a
 * result. Writes are buffered and synchronous: constant memory, and the order is the call order.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const CAPACITY = 1 << 16;
/** Lines are gathered in a short string, then encoded into the buffer together. */
const GATHER = 1 << 11;

export class BufferedFile {
  #fd: number | null;
  readonly #bytes = Buffer.allocUnsafe(CAPACITY);
  #used = 0;
  #text = '';

  constructor(readonly path: string) {
    this.#fd = openSync(path, 'w');
  }

  write(text: string): void {
    this.#text += text;
    if (this.#text.length >= GATHER) this.#encode();
  }

  flush(): void {
    this.#encode();
    if (this.#fd !== null && this.#used > 0) writeSync(this.#fd, this.#bytes, 0, this.#used);
    this.#used = 0;
  }

  close(): void {
    this.flush();
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
  }

  /** Moves the gathered text into the buffer as UTF-8 (at most 3 bytes a UTF-16 unit). */
  #encode(): void {
    const text = this.#text;
    this.#text = '';
    if (this.#used + text.length * 3 > CAPACITY) {
      this.flush();
      if (text.length * 3 > CAPACITY) {
        if (this.#fd !== null) writeSync(this.#fd, text);
        return;
      }
    }
    this.#used += this.#bytes.write(text, this.#used);
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
