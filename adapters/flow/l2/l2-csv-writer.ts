/** Writes the CSV form of an L2 flow (l2-csv-format.ts), honouring the output's backpressure. */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { formatL2Row, L2_CSV_HEADER } from './l2-csv-format.js';
import type { L2Row } from './l2-row.js';
import type { L2Sink } from './l2-sink.js';

const CHUNK_CHARS = 1 << 16;

export class L2CsvWriter implements L2Sink {
  readonly #out: Writable;
  #chunk = L2_CSV_HEADER;

  constructor(out: Writable) {
    this.#out = out;
  }

  push(row: L2Row): void {
    this.#chunk += formatL2Row(row);
  }

  async flush(): Promise<void> {
    if (this.#chunk.length >= CHUNK_CHARS) await this.#write();
  }

  async end(): Promise<void> {
    if (this.#chunk !== '') await this.#write();
  }

  async #write(): Promise<void> {
    const chunk = this.#chunk;
    this.#chunk = '';
    if (!this.#out.write(chunk)) await once(this.#out, 'drain');
  }
}
