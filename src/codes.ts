/**
 * The venue's closed vocabularies, each one `as const` list: a word's code is its index in the
 * list, so the list is the only place a code is given (the SIDE_*, TYPE_*, TIF_*, STP_* and
 * STATUS_* and REASON_* constants of numeric.ts are these indexes; test/core/vocabulary.test.ts holds them to
 * it). Every reader of a word (the string API, CSV, Arrow, the records) goes through a table.
 */

export interface CodeTable<Names extends readonly string[]> {
  /** The words, by code. */
  readonly names: Names;
  /** The code of `word`; -1 when it is none of the words. */
  readonly code: (word: string) => number;
  /** The word of `code`, a code of this table. */
  readonly name: (code: number) => Names[number];
  /** The code of the ASCII word `bytes[start, end)`; -1 when it is none of the words. */
  readonly parse: (bytes: Uint8Array, start: number, end: number) => number;
}

function codeTable<const Names extends readonly string[]>(names: Names): CodeTable<Names> {
  const codes = new Map<string, number>(names.map((name, code) => [name, code]));
  return {
    names,
    code: (word) => codes.get(word) ?? -1,
    name: (code) => names[code]!,
    parse(bytes, start, end) {
      next: for (let code = 0; code < names.length; code++) {
        const name = names[code]!;
        if (name.length !== end - start) continue;
        for (let i = 0; i < name.length; i++)
          if (bytes[start + i] !== name.charCodeAt(i)) continue next;
        return code;
      }
      return -1;
    },
  };
}

/** A command's action (OrderCommand): the scenario format's words. */
export const ACTION_CODES = codeTable(['new', 'cancel', 'reduce', 'amend'] as const);
export const SIDE_CODES = codeTable(['buy', 'sell'] as const);
export const ORDER_TYPE_CODES = codeTable(['limit', 'market'] as const);
export const TIME_IN_FORCE_CODES = codeTable(['gtc', 'ioc', 'fok', 'gtd'] as const);
/** Self-trade prevention modes (docs/order-types.md). */
export const STP_CODES = codeTable([
  'none',
  'cancel_taker',
  'cancel_maker',
  'cancel_both',
] as const);
export const ORDER_STATUS_CODES = codeTable([
  'open',
  'partially_filled',
  'filled',
  'cancelled',
  'expired',
  'rejected',
  'pending',
] as const);
/**
 * Why an order ended as it did, where its status alone does not say (docs/order-types.md); `none`
 * (code 0) where it does, which no record shows.
 */
export const ORDER_REASON_CODES = codeTable([
  'none',
  'post_only_would_take',
  'self_trade_prevented',
  'expire_at_reached',
  'level_full',
  'insufficient_balance',
] as const);
