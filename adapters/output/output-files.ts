/**
 * Replay outputs written to temporary files beside their destination and renamed into place only
 * when the whole replay succeeded; on failure they are removed, so nothing partial looks like a
 * result. Writes are buffered and synchronous: constant memory, and the order is the call order.
 */
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

const CAPACITY = 1 << 16;
/** Longer texts are encoded by Buffer.write, shorter ones byte by byte while they are ASCII. */
const SHORT = 64;
/** Room for any number `fixed` writes: sign, 16 digits of a safe integer, point, leading zeros. */
const NUMBER_ROOM = 40;
const MAX_INT32 = 0x7fffffff;
/** 10^i, i < 10: the int32 powers of ten. */
const POWERS_OF_TEN = Int32Array.from({ length: 10 }, (_, i) => 10 ** i);
const MINUS = 0x2d;
const POINT = 0x2e;
const ZERO = 0x30;

/**
 * What an output line is written with: text, and numbers written as digits straight into the
 * file's buffer, so that a line of numbers builds no string.
 */
export interface LineWriter {
  write(text: string): void;
  /** One ASCII character, by its code. */
  byte(code: number): void;
  /** A safe integer `units` at `decimals` as a fixed-point decimal, as formatUnits writes it. */
  fixed(units: number, decimals: number): void;
  /** The bytes `source[start, end)` as they are (UTF-8 text read from elsewhere). */
  bytes(source: Uint8Array, start: number, end: number): void;
}

export class BufferedFile implements LineWriter {
  #fd: number | null;
  readonly #bytes = Buffer.allocUnsafe(CAPACITY);
  #used = 0;

  /** `flags` as node:fs takes them: 'w' creates or empties the file, 'r+' needs it there. */
  constructor(
    readonly path: string,
    flags: 'w' | 'r+' = 'w',
  ) {
    this.#fd = openSync(path, flags);
  }

  write(text: string): void {
    const length = text.length;
    if (length > SHORT) return this.#writeLong(text);
    this.#room(length * 3);
    const bytes = this.#bytes;
    let used = this.#used;
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) {
        this.#used += bytes.write(text, this.#used); // over the ASCII bytes already copied
        return;
      }
      bytes[used++] = code;
    }
    this.#used = used;
  }

  byte(code: number): void {
    if (this.#used === CAPACITY) this.flush();
    this.#bytes[this.#used++] = code;
  }

  fixed(units: number, decimals: number): void {
    this.#room(NUMBER_ROOM);
    const bytes = this.#bytes;
    let used = this.#used;
    let rest = units;
    if (rest < 0) {
      bytes[used++] = MINUS;
      rest = -rest;
    }
    // The 8 lowest digits apart when the number is beyond int32: the rest is then a 32-bit
    // integer, and every division below is an int32 one, not a float remainder.
    let low = 0;
    let lowDigits = 0;
    if (rest > MAX_INT32) {
      let upper = Math.floor(rest / 1e8);
      low = rest - upper * 1e8; // exact; the division may have rounded up to the next integer
      if (low < 0) {
        upper--;
        low += 1e8;
      }
      rest = upper;
      low |= 0;
      lowDigits = 8;
    }
    let high = rest | 0;
    let digits = lowDigits + 1;
    while (digits - lowDigits < 10 && high >= POWERS_OF_TEN[digits - lowDigits]!) digits++;
    if (digits <= decimals) digits = decimals + 1;
    // written from the last digit back
    let at = used + digits + (decimals > 0 ? 1 : 0);
    this.#used = at;
    for (let i = 0; i < digits; i++) {
      if (i === decimals && i > 0) bytes[--at] = POINT;
      if (i < lowDigits) {
        bytes[--at] = ZERO + (low % 10);
        low = (low / 10) | 0;
      } else {
        bytes[--at] = ZERO + (high % 10);
        high = (high / 10) | 0;
      }
    }
  }

  bytes(source: Uint8Array, start: number, end: number): void {
    const length = end - start;
    this.#room(length);
    if (length > CAPACITY) {
      if (this.#fd !== null) writeSync(this.#fd, source, start, length);
      return;
    }
    const bytes = this.#bytes;
    let used = this.#used;
    for (let i = start; i < end; i++) bytes[used++] = source[i]!; // no subarray per call
    this.#used = used;
  }

  flush(): void {
    if (this.#fd !== null && this.#used > 0) writeSync(this.#fd, this.#bytes, 0, this.#used);
    this.#used = 0;
  }

  close(): void {
    this.flush();
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
  }

  /** Flushes unless `length` more bytes fit. */
  #room(length: number): void {
    if (this.#used + length > CAPACITY) this.flush();
  }

  /** UTF-8 takes at most 3 bytes a UTF-16 unit. */
  #writeLong(text: string): void {
    this.#room(text.length * 3);
    if (text.length * 3 <= CAPACITY) this.#used += this.#bytes.write(text, this.#used);
    else if (this.#fd !== null) writeSync(this.#fd, text);
  }
}

/** A set of named outputs in `dir`, written under temporary names until `commit`. */
const partialSuffix = (processId: number) => `.partial-${processId}`;

export class OutputDirectory {
  /** By name: the temporary path, and the file when this thread writes it. */
  readonly #files = new Map<string, { path: string; file: BufferedFile | null }>();
  readonly #suffix: string;

  constructor(
    readonly dir: string,
    processId: number,
  ) {
    mkdirSync(dir, { recursive: true });
    this.#suffix = partialSuffix(processId);
  }

  /**
   * Removes the temporary files an OutputDirectory of `processId` left in `dir` (its thread was
   * terminated before it could discard them).
   */
  static discardPartials(dir: string, processId: number): void {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return; // not created: nothing left
    }
    const suffix = partialSuffix(processId);
    for (const name of names) if (name.endsWith(suffix)) rmSync(join(dir, name), { force: true });
  }

  open(name: string): BufferedFile {
    const file = new BufferedFile(this.#temporary(name));
    this.#files.set(name, { path: file.path, file });
    return file;
  }

  /**
   * The temporary path of an output another thread writes (and closes) before `commit`, created
   * empty: that thread opens it without creating it (BufferedFile's 'r+'), so a file `discard`
   * removed first stays removed.
   */
  reserve(name: string): string {
    const path = this.#temporary(name);
    closeSync(openSync(path, 'w'));
    this.#files.set(name, { path, file: null });
    return path;
  }

  /** Closes every file and renames it to its final name. */
  commit(): void {
    for (const [name, { path, file }] of this.#files) {
      file?.close();
      renameSync(path, join(this.dir, name));
    }
    this.#files.clear();
  }

  /** Closes and removes every temporary file. */
  discard(): void {
    for (const { path, file } of this.#files.values()) {
      file?.close();
      rmSync(path, { force: true });
    }
    this.#files.clear();
  }

  #temporary(name: string): string {
    return join(this.dir, `.${name}${this.#suffix}`);
  }
}
