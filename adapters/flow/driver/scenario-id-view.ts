/**
 * A scenario id as its UTF-8 bytes `bytes[start, end)` (a file's, or the id table's), its text
 * decoded only when somebody asks for it. Views are reused: one is valid during the call that
 * hands it over. The driver's current row (the taker of its trades) is one.
 */
import { utf8Text } from '../../bytes-table.js';

const NO_BYTES = new Uint8Array(0);

export class ScenarioIdView {
  /** False: no id (the order is not a row's, or no row is being applied). */
  known = false;
  bytes: Uint8Array = NO_BYTES;
  start = 0;
  /** `end === start`: the id is known as text only. */
  end = 0;
  #text: string | undefined;

  /** The id is `bytes[start, end)`, and `text` when the caller has it decoded. */
  set(bytes: Uint8Array, start: number, end: number, text: string | undefined): void {
    this.known = true;
    this.bytes = bytes;
    this.start = start;
    this.end = end;
    this.#text = text;
  }

  /** The id as text only. */
  setText(text: string): void {
    this.set(NO_BYTES, 0, 0, text);
  }

  clear(): void {
    this.known = false;
  }

  /** The text if it was decoded (or given): a mapping keeps it, not to decode it again. */
  get decoded(): string | undefined {
    return this.#text;
  }

  /** The id (undefined when not known), read from its bytes at most once. */
  text(): string | undefined {
    if (!this.known) return undefined;
    return (this.#text ??= utf8Text(this.bytes, this.start, this.end));
  }
}
