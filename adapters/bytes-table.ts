/**
 * Keys by their UTF-8 bytes (scenario ids, account and symbol names), each entry holding a number:
 * an open-addressing hash table whose keys live in one byte arena, so that a key read from a
 * file's bytes is found or added without building a string. An entry's key as a string is
 * decoded only when asked for (and kept). Removed entries are reused; a full arena is compacted, into one at least four
 * times the size of its live keys. A rebuild of the buckets or the arena at the same size goes into
 * the array the previous one left, so that a long replay's churn of ids allocates no memory.
 */
const EMPTY = 0;
const REMOVED = -1;
const encoder = new TextEncoder();

/** FNV-1a over `bytes[start, end)`. */
function hashOf(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return hash | 0;
}

/**
 * The UTF-8 text of `bytes[start, end)`. A short ASCII id is read in JavaScript, a few times
 * cheaper than a call into Buffer's decoder (which reads anything else).
 */
export function utf8Text(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end && end - start <= 32; i++) {
    if (bytes[i]! >= 0x80) break;
    text += String.fromCharCode(bytes[i]!);
  }
  if (text.length === end - start) return text;
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8');
}

export class BytesTable {
  /** By entry: the number it holds. */
  values = new Float64Array(64);
  #keyStart = new Int32Array(64);
  #keyLength = new Int32Array(64);
  #hash = new Int32Array(64);
  #texts: (string | undefined)[] = [];
  #arena = new Uint8Array(1 << 12);
  #arenaUsed = 0;
  #arenaDead = 0;
  /** By bucket: entry + 1, EMPTY or REMOVED. */
  #buckets = new Int32Array(128);
  #bucketsUsed = 0;
  /** The arena and buckets before the last rebuild, reused by the next one of the same size. */
  #spareArena = new Uint8Array(0);
  #spareBuckets = new Int32Array(0);
  readonly #free: number[] = [];
  #entries = 0;
  #size = 0;
  /** Where `encode` puts a string id's bytes (replaced when too small). */
  scratch = new Uint8Array(64);
  /** The key `find` hashed last and its hash: the `add` of a key not found hashes it once. */
  #foundBytes: Uint8Array | null = null;
  #foundStart = 0;
  #foundEnd = 0;
  #foundHash = 0;

  get size(): number {
    return this.#size;
  }

  /** The entry of the id `bytes[start, end)`, or -1. */
  find(bytes: Uint8Array, start: number, end: number): number {
    const mask = this.#buckets.length - 1;
    const hash = hashOf(bytes, start, end);
    this.#foundBytes = bytes;
    this.#foundStart = start;
    this.#foundEnd = end;
    this.#foundHash = hash;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const bucket = this.#buckets[at]!;
      if (bucket === EMPTY) return -1;
      if (bucket !== REMOVED && this.#hash[bucket - 1] === hash) {
        if (this.#equals(bucket - 1, bytes, start, end)) return bucket - 1;
      }
    }
  }

  /**
   * Adds the id `bytes[start, end)` (not in the table) holding `value`; returns its entry. The key
   * `find` looked up last is not hashed again: its bytes may change between the two only by `encode`.
   */
  add(bytes: Uint8Array, start: number, end: number, value: number): number {
    if ((this.#bucketsUsed + 1) * 2 > this.#buckets.length) this.#rehash();
    const entry = this.#free.length > 0 ? this.#free.pop()! : this.#newEntry();
    const length = end - start;
    if (this.#arenaUsed + length > this.#arena.length) this.#makeRoom(length);
    const arena = this.#arena;
    const offset = this.#arenaUsed - start;
    for (let i = start; i < end; i++) arena[offset + i] = bytes[i]!; // no subarray object per id
    this.#keyStart[entry] = this.#arenaUsed;
    this.#keyLength[entry] = length;
    this.#arenaUsed += length;
    const hash =
      bytes === this.#foundBytes && start === this.#foundStart && end === this.#foundEnd
        ? this.#foundHash
        : hashOf(bytes, start, end);
    this.#hash[entry] = hash;
    this.values[entry] = value;
    this.#texts[entry] = undefined;
    const mask = this.#buckets.length - 1;
    let at = hash & mask;
    while (this.#buckets[at]! > 0) at = (at + 1) & mask;
    if (this.#buckets[at] === EMPTY) this.#bucketsUsed++;
    this.#buckets[at] = entry + 1;
    this.#size++;
    return entry;
  }

  remove(entry: number): void {
    const mask = this.#buckets.length - 1;
    let at = this.#hash[entry]! & mask;
    while (this.#buckets[at] !== entry + 1) at = (at + 1) & mask;
    this.#buckets[at] = REMOVED;
    this.#arenaDead += this.#keyLength[entry]!;
    this.#keyLength[entry] = -1;
    this.#texts[entry] = undefined;
    this.#free.push(entry);
    this.#size--;
  }

  /** The entry's id as a string. */
  text(entry: number): string {
    let text = this.#texts[entry];
    if (text === undefined) {
      const start = this.#keyStart[entry]!;
      text = utf8Text(this.#arena, start, start + this.#keyLength[entry]!);
      this.#texts[entry] = text;
    }
    return text;
  }

  /**
   * The bytes holding the entry's key at `keyStart(entry)`, `keyLength(entry)` long: valid until
   * the next `add`.
   */
  get arena(): Uint8Array {
    return this.#arena;
  }

  keyStart(entry: number): number {
    return this.#keyStart[entry]!;
  }

  keyLength(entry: number): number {
    return this.#keyLength[entry]!;
  }

  /** The entry's key as a string if it was decoded or kept already. */
  decodedText(entry: number): string | undefined {
    return this.#texts[entry];
  }

  /** Keeps `text`, the entry's key already decoded elsewhere, as its string. */
  keepText(entry: number, text: string): void {
    this.#texts[entry] ??= text;
  }

  /** Writes the UTF-8 bytes of `id` at the start of `scratch`; returns their length. */
  encode(id: string): number {
    this.#foundBytes = null; // the scratch bytes change
    if (id.length * 3 > this.scratch.length) this.scratch = new Uint8Array(id.length * 3);
    const scratch = this.scratch;
    for (let i = 0; i < id.length; i++) {
      const code = id.charCodeAt(i);
      // ASCII in JavaScript, cheaper than a call into the encoder for a short id
      if (code >= 0x80) return encoder.encodeInto(id, scratch).written;
      scratch[i] = code;
    }
    return id.length;
  }

  #equals(entry: number, bytes: Uint8Array, start: number, end: number): boolean {
    if (this.#keyLength[entry] !== end - start) return false;
    const arena = this.#arena;
    const from = this.#keyStart[entry]! - start;
    for (let i = start; i < end; i++) if (arena[from + i] !== bytes[i]) return false;
    return true;
  }

  #newEntry(): number {
    const entry = this.#entries++;
    if (entry === this.values.length) {
      const grow = <T extends Float64Array | Int32Array>(column: T): T => {
        const bigger = new (column.constructor as new (length: number) => T)(column.length * 2);
        bigger.set(column);
        return bigger;
      };
      this.values = grow(this.values);
      this.#keyStart = grow(this.#keyStart);
      this.#keyLength = grow(this.#keyLength);
      this.#hash = grow(this.#hash);
    }
    return entry;
  }

  /** Room for `length` more bytes: the live keys compacted, in a bigger arena if need be. */
  #makeRoom(length: number): void {
    const live = this.#arenaUsed - this.#arenaDead;
    let capacity = this.#arena.length;
    while (live + length > capacity / 4) capacity *= 2; // a compaction frees 3/4 at least
    const old = this.#arena;
    const arena =
      this.#spareArena.length === capacity ? this.#spareArena : new Uint8Array(capacity);
    let used = 0;
    for (let entry = 0; entry < this.#entries; entry++) {
      const keyLength = this.#keyLength[entry]!;
      if (keyLength < 0) continue;
      const start = this.#keyStart[entry]!;
      for (let i = 0; i < keyLength; i++) arena[used + i] = old[start + i]!; // no view per key
      this.#keyStart[entry] = used;
      used += keyLength;
    }
    this.#arena = arena;
    this.#spareArena = old.length === capacity ? old : new Uint8Array(0);
    this.#arenaUsed = used;
    this.#arenaDead = 0;
  }

  /** Rebuilds the buckets without the removed marks, twice as many if the table is half full. */
  #rehash(): void {
    const capacity =
      this.#size * 4 > this.#buckets.length ? this.#buckets.length * 2 : this.#buckets.length;
    const old = this.#buckets;
    const buckets =
      this.#spareBuckets.length === capacity
        ? this.#spareBuckets.fill(EMPTY)
        : new Int32Array(capacity);
    const mask = capacity - 1;
    for (let entry = 0; entry < this.#entries; entry++) {
      if (this.#keyLength[entry]! < 0) continue;
      let at = this.#hash[entry]! & mask;
      while (buckets[at] !== EMPTY) at = (at + 1) & mask;
      buckets[at] = entry + 1;
    }
    this.#buckets = buckets;
    this.#spareBuckets = old.length === capacity ? old : new Int32Array(0);
    this.#bucketsUsed = this.#size;
  }
}
