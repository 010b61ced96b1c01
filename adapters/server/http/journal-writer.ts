import { openJournalFile, type JournalFile, type OpenJournalFile } from './journal-file.js';
import { JournalUnavailableError } from './journal-unavailable.js';

interface Waiter {
  readonly rows: number;
  /** Waits through failures (`written()`): rejected only when the rows are lost at close. */
  readonly patient: boolean;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

export interface JournalWriterOptions {
  /** Bytes already in the file: the next row is written there. */
  readonly size: number;
  readonly openFile?: OpenJournalFile;
  /** Reports the journal becoming unavailable, and writable again. */
  readonly log?: (line: string) => void;
  /** How often rows that could not be written are tried again; default 1 s. */
  readonly retryMs?: number;
}

/**
 * Appends journal lines and makes them durable with group commit: lines appended while an
 * fdatasync is in flight are written and synced together by the next one. A failed write or sync
 * (a full or failing disk) makes the journal unavailable: the waiting `durable()` calls and every
 * later one fail, the rows are kept, and they are written again, from the offset of the last good
 * sync, every `retryMs` and on `acceptsWrites()`, until that succeeds.
 */
export class JournalWriter {
  readonly #file: JournalFile;
  readonly #path: string;
  readonly #log: (line: string) => void;
  readonly #retryMs: number;
  #size: number;
  /** Lines appended and not yet synced, oldest first. */
  #queue: string[] = [];
  #appended = 0;
  #synced = 0;
  #waiters: Waiter[] = [];
  #flushing: Promise<void> | undefined = undefined;
  #failure: JournalUnavailableError | undefined = undefined;
  #retry: NodeJS.Timeout | undefined = undefined;
  /** Set when a retry is asked for while an attempt is in flight: one more follows it. */
  #retryAsked = false;

  private constructor(file: JournalFile, path: string, options: JournalWriterOptions) {
    this.#file = file;
    this.#path = path;
    this.#size = options.size;
    this.#log = options.log ?? (() => {});
    this.#retryMs = options.retryMs ?? 1_000;
  }

  static async open(path: string, options: JournalWriterOptions): Promise<JournalWriter> {
    const file = await (options.openFile ?? openJournalFile)(path);
    return new JournalWriter(file, path, options);
  }

  /** Queues one or more whole lines (each ending in `\n`). */
  append(lines: string): void {
    this.#queue.push(lines);
    this.#appended++;
  }

  /** False while the journal cannot be written; asking starts a new attempt to write. */
  acceptsWrites(): boolean {
    if (this.#failure !== undefined) {
      this.#retryAsked = true;
      void this.#flush();
    }
    return this.#failure === undefined;
  }

  /** Resolves once everything appended so far is on disk; undefined when it already is. */
  durable(): Promise<void> | undefined {
    if (this.#synced === this.#appended) return undefined;
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      this.#waiters.push({ rows: this.#appended, patient: false, resolve, reject });
      void this.#flush();
    });
  }

  /**
   * Resolves once everything appended so far is on disk, waiting through a failure while the rows
   * are written again; rejects only if `close()` leaves them unwritten (lost, never acknowledged).
   * Undefined when they already are on disk.
   */
  written(): Promise<void> | undefined {
    if (this.#synced === this.#appended) return undefined;
    return new Promise((resolve, reject) => {
      this.#waiters.push({ rows: this.#appended, patient: true, resolve, reject });
      if (this.#failure === undefined) void this.#flush();
    });
  }

  /** Tries once more to write what is pending, then closes the file; fails if rows were left. */
  async close(): Promise<void> {
    try {
      await this.#flushing;
      if (this.#queue.length > 0) await this.#flush();
      const left = this.#appended - this.#synced;
      if (left > 0) {
        const lost = new JournalUnavailableError(`${left} rows could not be written`);
        for (const waiter of this.#waiters.splice(0)) waiter.reject(lost);
        throw lost;
      }
    } finally {
      clearTimeout(this.#retry);
      await this.#file.close();
    }
  }

  /** The flush in progress, or a new one. */
  #flush(): Promise<void> {
    this.#flushing ??= this.#writeQueue().finally(() => {
      this.#flushing = undefined;
      // Rows appended between the loop's end and here, or a retry asked for during the attempt.
      if (this.#queue.length > 0 && (this.#failure === undefined || this.#retryAsked))
        void this.#flush();
    });
    return this.#flushing;
  }

  async #writeQueue(): Promise<void> {
    clearTimeout(this.#retry);
    this.#retryAsked = false;
    while (this.#queue.length > 0 && (await this.#writeBatch()));
  }

  /** Writes and syncs what is queued; false when that failed. */
  async #writeBatch(): Promise<boolean> {
    const rows = this.#queue.length;
    const bytes = Buffer.from(this.#queue.join(''));
    try {
      await this.#file.write(bytes, this.#size);
      await this.#file.sync();
    } catch (error) {
      this.#fail(error);
      return false;
    }
    this.#size += bytes.length;
    this.#queue.splice(0, rows);
    this.#synced += rows;
    if (this.#failure !== undefined) {
      this.#failure = undefined;
      this.#log(`journal ${this.#path}: writable again; writes are accepted`);
    }
    const done = this.#waiters.filter((waiter) => waiter.rows <= this.#synced);
    this.#waiters = this.#waiters.filter((waiter) => waiter.rows > this.#synced);
    for (const waiter of done) waiter.resolve();
    return true;
  }

  #fail(error: unknown): void {
    if (this.#failure === undefined) {
      this.#failure = new JournalUnavailableError(error);
      this.#log(
        `journal ${this.#path}: cannot be written (${this.#failure.message}); ` +
          'writes answer 503 journal_unavailable until it can',
      );
    }
    const failed = this.#waiters.filter((waiter) => !waiter.patient);
    this.#waiters = this.#waiters.filter((waiter) => waiter.patient);
    for (const waiter of failed) waiter.reject(this.#failure);
    this.#retry = setTimeout(() => this.acceptsWrites(), this.#retryMs).unref();
  }
}
