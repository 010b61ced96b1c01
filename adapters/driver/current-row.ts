/**
 * The scenario id of the row the driver is applying (the taker of its trades): its UTF-8 bytes,
 * and its text, decoded from the bytes only when somebody asks for it.
 */
import { utf8Text } from '../bytes-table.js';

export class CurrentRow {
  #inRow = false;
  #bytes: Uint8Array = new Uint8Array(0);
  #start = 0;
  #end = 0;
  #text: string | undefined;

  /** A row starts: its id as bytes, and as text when the caller has it. */
  enter(bytes: Uint8Array, start: number, end: number, text: string | undefined): void {
    this.#inRow = true;
    this.#bytes = bytes;
    this.#start = start;
    this.#end = end;
    this.#text = text;
  }

  /** A row whose id is text only (the string API's rows). */
  enterText(text: string): void {
    this.enter(this.#bytes, 0, 0, text);
  }

  leave(): void {
    this.#inRow = false;
  }

  /** The last row's id if it was decoded (or given): a mapping keeps it, not to decode it again. */
  get decoded(): string | undefined {
    return this.#text;
  }

  /** The current row's id (undefined between rows), read from its bytes at most once. */
  id(): string | undefined {
    if (!this.#inRow) return undefined;
    return (this.#text ??= utf8Text(this.#bytes, this.#start, this.#end));
  }
}
