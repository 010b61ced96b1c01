import { open, type FileHandle } from 'node:fs/promises';

interface Waiter {
  readonly rows: number;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Appends journal lines and makes them durable with group commit: lines appended while an
 * fdatasync is in flight are written and synced together by the next one. Once a write fails
 * every later `durable()` fails too: the venue has gone past what the file holds.
 */
export class JournalWriter {
  readonly #file: FileHandle;
  #pending: string[] = [];
  #appended = 0;
  #synced = 0;
  #waiters: Waiter[] = [];
  #flushing = false;
  #failure: unknown = undefined;

  private constructor(file: FileHandle) {
    this.#file = file;
  }

  static async open(path: string): Promise<JournalWriter> {
    return new JournalWriter(await open(path, 'a'));
  }

  /** Queues one or more whole lines (each ending in `\n`). */
  append(lines: string): void {
    this.#pending.push(lines);
    this.#appended++;
  }

  /** Resolves once everything appended so far is on disk; undefined when it already is. */
  durable(): Promise<void> | undefined {
    if (this.#failure === undefined && this.#synced === this.#appended) return undefined;
    return new Promise((resolve, reject) => {
      if (this.#failure !== undefined) return reject(this.#failure);
      this.#waiters.push({ rows: this.#appended, resolve, reject });
      if (!this.#flushing) void this.#flush();
    });
  }

  /** Flushes what is pending, then closes the file. */
  async close(): Promise<void> {
    try {
      await this.durable();
    } finally {
      await this.#file.close();
    }
  }

  async #flush(): Promise<void> {
    this.#flushing = true;
    while (this.#pending.length > 0) {
      const batch = this.#pending;
      this.#pending = [];
      try {
        await this.#file.appendFile(batch.join(''));
        await this.#file.datasync();
      } catch (error) {
        this.#failure = error;
        for (const waiter of this.#waiters.splice(0)) waiter.reject(error);
        break;
      }
      this.#synced += batch.length;
      const done = this.#waiters.filter((waiter) => waiter.rows <= this.#synced);
      this.#waiters = this.#waiters.filter((waiter) => waiter.rows > this.#synced);
      for (const waiter of done) waiter.resolve();
    }
    this.#flushing = false;
  }
}
