/**
 * Takes the `#` lines at the top of a scenario (directives and comments) off the front of its
 * bytes and hands back every byte from the header on, untouched.
 */

export interface PreludeLine {
  readonly line: number;
  readonly text: string;
}

const HASH = 0x23;
const NEWLINE = 0x0a;
const NOTHING = Buffer.alloc(0);

export class PreludeSplitter {
  readonly prelude: PreludeLine[] = [];

  /** `tooLong(line)` is called when a `#` line passes `maxLineBytes` without its end. */
  constructor(
    private readonly maxLineBytes: number,
    private readonly tooLong: (line: number) => never,
  ) {}

  #done = false;
  #pending: Buffer = NOTHING;

  /** The bytes of `chunk` past the prelude (none while the prelude goes on). */
  split(chunk: Buffer): Buffer {
    if (this.#done) return chunk;
    this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    for (;;) {
      if (this.#pending.length > 0 && this.#pending[0] !== HASH) {
        this.#done = true;
        return this.#pending;
      }
      const end = this.#pending.indexOf(NEWLINE);
      if (end < 0) {
        if (this.#pending.length > this.maxLineBytes) this.tooLong(this.prelude.length + 1);
        return NOTHING;
      }
      this.#take(this.#pending.subarray(0, end));
      this.#pending = this.#pending.subarray(end + 1);
    }
  }

  /** The input ended: a last `#` line without a newline belongs to the prelude. */
  end(): void {
    if (!this.#done && this.#pending.length > 0) this.#take(this.#pending);
    this.#pending = NOTHING;
  }

  #take(bytes: Buffer): void {
    const text = bytes.toString('utf8');
    this.prelude.push({
      line: this.prelude.length + 1,
      text: text.endsWith('\r') ? text.slice(0, -1) : text,
    });
  }
}
