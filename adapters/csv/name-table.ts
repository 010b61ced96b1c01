/**
 * Account and symbol names interned by their bytes: the fast path makes each distinct name's
 * string once. At most MAX_NAMES names are kept (bounded memory); any other is decoded each time.
 */
const MAX_NAMES = 4096;

interface Name {
  readonly bytes: Buffer;
  readonly text: string;
}

export class NameTable {
  readonly #names = new Map<number, Name>();

  /** The ASCII text of `bytes[start, end)`. */
  text(bytes: Buffer, start: number, end: number): string {
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
    const known = this.#names.get(hash);
    if (known !== undefined && sameBytes(known.bytes, bytes, start, end)) return known.text;
    const text = bytes.toString('latin1', start, end);
    if (known === undefined && this.#names.size < MAX_NAMES)
      this.#names.set(hash, { bytes: Buffer.from(bytes.subarray(start, end)), text });
    return text;
  }
}

function sameBytes(known: Buffer, bytes: Buffer, start: number, end: number): boolean {
  if (known.length !== end - start) return false;
  for (let i = 0; i < known.length; i++) if (known[i] !== bytes[start + i]) return false;
  return true;
}
