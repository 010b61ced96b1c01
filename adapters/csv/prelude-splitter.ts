/**
 * A pass-through stream that takes the `#` lines at the top of a scenario (directives and
 * comments) off the front and forwards every byte from the header on, untouched.
 */
import { Transform, type TransformCallback } from 'node:stream';

export interface PreludeLine {
  readonly line: number;
  readonly text: string;
}

const HASH = 0x23;
const NEWLINE = 0x0a;

export class PreludeSplitter extends Transform {
  readonly prelude: PreludeLine[] = [];
  #done = false;
  #pending: Buffer = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.#done) return callback(null, chunk);
    this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    this.#split();
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (!this.#done && this.#pending.length > 0) this.#take(this.#pending);
    callback();
  }

  #split(): void {
    for (;;) {
      if (this.#pending.length > 0 && this.#pending[0] !== HASH) {
        this.#done = true;
        this.push(this.#pending);
        return;
      }
      const end = this.#pending.indexOf(NEWLINE);
      if (end < 0) return;
      this.#take(this.#pending.subarray(0, end));
      this.#pending = this.#pending.subarray(end + 1);
    }
  }

  #take(bytes: Buffer): void {
    const text = bytes.toString('utf8');
    this.prelude.push({
      line: this.prelude.length + 1,
      text: text.endsWith('\r') ? text.slice(0, -1) : text,
    });
  }
}
