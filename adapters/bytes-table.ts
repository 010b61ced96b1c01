/**
 * Keys by their UTF-8 bytes (scenario ids, account and symbol names), each entry holding a number:
 * an open-addressing hash table whose keys live in one byte arena, so that a key read from a
 * file's bytes is found or added without building a string. An entry's key as a string is
 * decoded only when asked for (and kept). Removed entries are reused; a full arena is compacted, into one at least four
 * times the size of its live keys. A rebuild of the buckets or the arena at the same size goes into
 * the array the previous one left, so that a long replay's churn of ids allocates no memory; a
 * table whose arenas another thread reads (`shareArenas`) takes each from its SharedArenas.
 */
const EMPTY = 0;
const REMOVED = -1;
/** The numbers of an entry's record. */
const KEY_START = 0;
const KEY_LENGTH = 1;
const HASH = 2;
const BUCKET = 3;
/** The entries + 1 a tagged bucket holds (its low 22 bits; the 9 above hold the hash's). */
const TAGGED_ENTRIES = (1 << 22) - 1;
const encoder = new TextEncoder();
/**
 * A shared arena's first size: a compaction is then rare (one per some 100,000 ids of 8 bytes),
 * as SharedArenas may wait for its reader to hand one out.
 */
const FIRST_SHARED_ARENA = 1 << 20;

/**
 * A hash of `bytes[start, end)` read four bytes at a time (one multiply per four bytes, where
 * FNV-1a takes one per byte), its bits mixed at the end so that the low ones differ between ids
 * that differ in one digit.
 */
export function hashOf(bytes: Uint8Array, start: number, end: number): number {
  let hash = end - start;
  let i = start;
  for (; i + 4 <= end; i += 4) {
    const word = bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    hash = Math.imul(hash ^ word, 0x9e3779b1);
    hash ^= hash >>> 15;
  }
  for (; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return hash ^ (hash >>> 16);
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

/**
 * The arenas of a table whose keys another thread reads in place, at the offsets the table gives
 * (the replay's output worker: WorkerLines.idArenas). A key's bytes stay where they were written
 * until the arena is handed out again.
 */
export interface SharedArenas {
  /** An arena of `capacity` bytes for the table's keys from now on. */
  next(capacity: number): Uint8Array;
}

/** `column` in one twice as long. */
function grown<T extends Float64Array | Int32Array>(column: T): T {
  const bigger = new (column.constructor as new (length: number) => T)(column.length * 2);
  bigger.set(column);
  return bigger;
}

export class BytesTable {
  /** By entry: the number it holds. */
  values = new Float64Array(64);
  /**
   * By entry, four numbers (KEY_START, KEY_LENGTH, HASH, BUCKET: where `remove` finds it without a
   * probe), side by side so that an entry's change reads and writes one place.
   */
  #records = new Int32Array(4 * 64);
  /** By entry: its key decoded, once asked for; untouched while no key is (`#textsKept`). */
  #texts: (string | undefined)[] = [];
  #textsKept = false;
  #arena: Uint8Array = new Uint8Array(1 << 12);
  #arenaUsed = 0;
  #arenaDead = 0;
  /**
   * By bucket: EMPTY, REMOVED, or entry + 1 in the bits of `#entryMask` with the bits of the entry's
   * hash in `#tagMask` beside it, so that a probe passes another key's bucket without reading its
   * entry. Tagged up to TAGGED_ENTRIES entries; beyond, the entry takes every bit.
   */
  #buckets = new Int32Array(128);
  #entryMask: number;
  #tagMask: number;
  #bucketsUsed = 0;
  /** The arena and buckets before the last rebuild, reused by the next one of the same size. */
  #spareArena: Uint8Array = new Uint8Array(0);
  #spareBuckets = new Int32Array(0);
  #sharedArenas: SharedArenas | null = null;
  /** The key `stage` copied ahead of its `add` since the last `find` (null: none). */
  #stagedBytes: Uint8Array | null = null;
  #stagedStart = 0;
  #stagedEnd = 0;
  /** Removed entries, a stack of `#freeCount`. */
  #free = new Int32Array(64);
  #freeCount = 0;
  #entries = 0;
  #size = 0;
  /** Where `encode` puts a string id's bytes (replaced when too small). */
  scratch = new Uint8Array(64);
  /**
   * The key `find` looked up last, its hash, and the first bucket an `add` of it may take (-1: it
   * was found): the `add` of a key not found neither hashes it nor probes again.
   */
  #foundBytes: Uint8Array | null = null;
  #foundStart = 0;
  #foundEnd = 0;
  #foundHash = 0;
  #foundBucket = -1;

  /** `taggedEntries`: 2^k - 1 (k <= 22), the entries + 1 a tagged bucket holds (tests make it small). */
  constructor(taggedEntries = TAGGED_ENTRIES) {
    this.#entryMask = taggedEntries;
    this.#tagMask = 0x7fffffff & ~taggedEntries;
  }

  get size(): number {
    return this.#size;
  }

  /** The entry of the id `bytes[start, end)`, or -1. */
  find(bytes: Uint8Array, start: number, end: number): number {
    const buckets = this.#buckets;
    const mask = buckets.length - 1;
    const hash = hashOf(bytes, start, end);
    const entryMask = this.#entryMask;
    const tag = hash & this.#tagMask;
    this.#stagedBytes = null;
    this.#foundBytes = bytes;
    this.#foundStart = start;
    this.#foundEnd = end;
    this.#foundHash = hash;
    let free = -1;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const bucket = buckets[at]!;
      if (bucket === EMPTY) {
        this.#foundBucket = free < 0 ? at : free;
        return -1;
      }
      if (bucket === REMOVED) {
        if (free < 0) free = at;
      } else if ((bucket & ~entryMask) === tag) {
        const entry = (bucket & entryMask) - 1;
        if (this.#records[4 * entry + HASH] === hash && this.#equals(entry, bytes, start, end)) {
          this.#foundBucket = -1;
          return entry;
        }
      }
    }
  }

  /**
   * Adds the id `bytes[start, end)` (not in the table) holding `value`; returns its entry. The key
   * `find` looked up last (not found) is neither hashed nor probed for again: its bytes may change
   * between the two only by `encode`, the table only by `remove` (which takes no bucket).
   */
  add(bytes: Uint8Array, start: number, end: number, value: number): number {
    const found =
      bytes === this.#foundBytes && start === this.#foundStart && end === this.#foundEnd;
    const staged =
      bytes === this.#stagedBytes && start === this.#stagedStart && end === this.#stagedEnd;
    this.#foundBytes = null;
    this.#stagedBytes = null;
    let at = found ? this.#foundBucket : -1;
    if (this.#freeCount === 0 && this.#entries + 1 > this.#entryMask) {
      this.#entryMask = 0x7fffffff; // too many entries for a tag beside them
      this.#tagMask = 0;
      at = -1;
      this.#rehash();
    }
    if ((this.#bucketsUsed + 1) * 2 > this.#buckets.length) {
      this.#rehash();
      at = -1;
    }
    const entry = this.#freeCount > 0 ? this.#free[--this.#freeCount]! : this.#newEntry();
    const length = end - start;
    if (!staged) this.#copyKey(bytes, start, end);
    this.#records[4 * entry + KEY_START] = this.#arenaUsed;
    this.#records[4 * entry + KEY_LENGTH] = length;
    this.#arenaUsed += length;
    const hash = found ? this.#foundHash : hashOf(bytes, start, end);
    this.#records[4 * entry + HASH] = hash;
    this.values[entry] = value;
    const buckets = this.#buckets;
    if (at < 0) {
      const mask = buckets.length - 1;
      at = hash & mask;
      while (buckets[at]! > 0) at = (at + 1) & mask;
    }
    if (buckets[at] === EMPTY) this.#bucketsUsed++;
    buckets[at] = (hash & this.#tagMask) | (entry + 1);
    this.#records[4 * entry + BUCKET] = at;
    this.#size++;
    return entry;
  }

  remove(entry: number): void {
    this.#buckets[this.#records[4 * entry + BUCKET]!] = REMOVED;
    this.#arenaDead += this.#records[4 * entry + KEY_LENGTH]!;
    this.#records[4 * entry + KEY_LENGTH] = -1;
    if (this.#textsKept) this.#texts[entry] = undefined;
    if (this.#freeCount === this.#free.length) this.#free = grown(this.#free);
    this.#free[this.#freeCount++] = entry;
    this.#size--;
  }

  /** The entry's id as a string. */
  text(entry: number): string {
    let text = this.#texts[entry];
    if (text === undefined) {
      const start = this.#records[4 * entry + KEY_START]!;
      text = utf8Text(this.#arena, start, start + this.#records[4 * entry + KEY_LENGTH]!);
      this.#texts[entry] = text;
      this.#textsKept = true;
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
    return this.#records[4 * entry + KEY_START]!;
  }

  keyLength(entry: number): number {
    return this.#records[4 * entry + KEY_LENGTH]!;
  }

  /** The entry's key as a string if it was decoded or kept already. */
  decodedText(entry: number): string | undefined {
    return this.#texts[entry];
  }

  /** Keeps `text`, the entry's key already decoded elsewhere, as its string. */
  keepText(entry: number, text: string): void {
    this.#texts[entry] ??= text;
    this.#textsKept = true;
  }

  /**
   * Copies the key `bytes[start, end)` (just not found) into the arena where its `add` takes it
   * (before the next `find`: a `remove` between the two moves nothing); returns its offset there,
   * where a thread reading the shared arena finds it before it is added.
   */
  stage(bytes: Uint8Array, start: number, end: number): number {
    this.#copyKey(bytes, start, end);
    this.#stagedBytes = bytes;
    this.#stagedStart = start;
    this.#stagedEnd = end;
    return this.#arenaUsed;
  }

  /**
   * From now on, the arenas come from `arenas` (the table is empty): the first of
   * FIRST_SHARED_ARENA bytes, each compaction's at least four times its live keys.
   */
  shareArenas(arenas: SharedArenas): void {
    if (this.#entries > 0) throw new Error('shareArenas on a table with keys');
    this.#sharedArenas = arenas;
    this.#arena = arenas.next(Math.max(FIRST_SHARED_ARENA, this.#arena.length));
    this.#spareArena = new Uint8Array(0);
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
    if (this.#records[4 * entry + KEY_LENGTH] !== end - start) return false;
    const arena = this.#arena;
    const from = this.#records[4 * entry + KEY_START]! - start;
    for (let i = start; i < end; i++) if (arena[from + i] !== bytes[i]) return false;
    return true;
  }

  /** Writes the key at the arena's end, not taken yet (room made first). */
  #copyKey(bytes: Uint8Array, start: number, end: number): void {
    if (this.#arenaUsed + end - start > this.#arena.length) this.#makeRoom(end - start);
    const arena = this.#arena;
    const offset = this.#arenaUsed - start;
    for (let i = start; i < end; i++) arena[offset + i] = bytes[i]!; // no subarray object per id
  }

  #newEntry(): number {
    const entry = this.#entries++;
    if (entry === this.values.length) {
      this.values = grown(this.values);
      this.#records = grown(this.#records);
    }
    return entry;
  }

  /** Room for `length` more bytes: the live keys compacted, in a bigger arena if need be. */
  #makeRoom(length: number): void {
    const live = this.#arenaUsed - this.#arenaDead;
    let capacity = this.#arena.length;
    while (live + length > capacity / 4) capacity *= 2; // a compaction frees 3/4 at least
    const old = this.#arena;
    const shared = this.#sharedArenas;
    const arena =
      shared !== null
        ? shared.next(capacity)
        : this.#spareArena.length === capacity
          ? this.#spareArena
          : new Uint8Array(capacity);
    let used = 0;
    for (let entry = 0; entry < this.#entries; entry++) {
      const keyLength = this.#records[4 * entry + KEY_LENGTH]!;
      if (keyLength < 0) continue;
      const start = this.#records[4 * entry + KEY_START]!;
      for (let i = 0; i < keyLength; i++) arena[used + i] = old[start + i]!; // no view per key
      this.#records[4 * entry + KEY_START] = used;
      used += keyLength;
    }
    this.#arena = arena;
    if (shared === null) this.#spareArena = old.length === capacity ? old : new Uint8Array(0);
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
    const tagMask = this.#tagMask;
    for (let entry = 0; entry < this.#entries; entry++) {
      if (this.#records[4 * entry + KEY_LENGTH]! < 0) continue;
      const hash = this.#records[4 * entry + HASH]!;
      let at = hash & mask;
      while (buckets[at] !== EMPTY) at = (at + 1) & mask;
      buckets[at] = (hash & tagMask) | (entry + 1);
      this.#records[4 * entry + BUCKET] = at;
    }
    this.#buckets = buckets;
    this.#spareBuckets = old.length === capacity ? old : new Int32Array(0);
    this.#bucketsUsed = this.#size;
  }
}
