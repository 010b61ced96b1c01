/**
 * One vocabulary (src/codes.ts, src/decimal-codec.ts): the numeric constants are the tables'
 * codes, a table reads words from strings and bytes alike, and the decimal grammar answers the
 * same from a string and from its bytes.
 */
import fc from 'fast-check';
import { parseBigUnits } from '../../src/decimal-codec.js';
import { describe, expect, it } from 'vitest';
import {
  ACTION_AMEND,
  ACTION_CANCEL,
  ACTION_CODES,
  ACTION_NEW,
  ACTION_REDUCE,
  ORDER_REASON_CODES,
  ORDER_STATUS_CODES,
  REASON_EXPIRE_AT_REACHED,
  REASON_INSUFFICIENT_BALANCE,
  REASON_LEVEL_FULL,
  REASON_NONE,
  REASON_POST_ONLY_WOULD_TAKE,
  REASON_SELF_TRADE_PREVENTED,
  ORDER_TYPE_CODES,
  ORDER_TYPES,
  SIDE_BUY,
  SIDE_CODES,
  SIDE_SELL,
  STATUS_CANCELLED,
  STATUS_EXPIRED,
  STATUS_FILLED,
  STATUS_OPEN,
  STATUS_PARTIALLY_FILLED,
  STATUS_PENDING,
  STATUS_REJECTED,
  STP_CANCEL_BOTH,
  STP_CANCEL_MAKER,
  STP_CANCEL_TAKER,
  STP_CODES,
  STP_NONE,
  TIF_FOK,
  TIF_GTC,
  TIF_GTD,
  TIF_IOC,
  TIME_IN_FORCE_CODES,
  TYPE_LIMIT,
  TYPE_MARKET,
  UNITS_MALFORMED,
  UNITS_TOO_LARGE,
  UNITS_TOO_PRECISE,
  parseUnits,
  parseUnitsBytes,
} from '../../src/index.js';
import { fcSeed } from '../fast-check-seed.js';

const ascii = (text: string) => new TextEncoder().encode(text);
/** A table's word and the word expected, which tsc checks too: a wrong one does not compile. */
const word = <const W extends string>(actual: W, expected: NoInfer<W>) => [actual, expected];

describe('the code tables', () => {
  it('give the numeric path its constants', () => {
    const words = [
      word(ACTION_CODES.names[ACTION_NEW], 'new'),
      word(ACTION_CODES.names[ACTION_CANCEL], 'cancel'),
      word(ACTION_CODES.names[ACTION_REDUCE], 'reduce'),
      word(ACTION_CODES.names[ACTION_AMEND], 'amend'),
      word(SIDE_CODES.names[SIDE_BUY], 'buy'),
      word(SIDE_CODES.names[SIDE_SELL], 'sell'),
      word(ORDER_TYPE_CODES.names[TYPE_LIMIT], 'limit'),
      word(ORDER_TYPE_CODES.names[TYPE_MARKET], 'market'),
      word(TIME_IN_FORCE_CODES.names[TIF_GTC], 'gtc'),
      word(TIME_IN_FORCE_CODES.names[TIF_IOC], 'ioc'),
      word(TIME_IN_FORCE_CODES.names[TIF_FOK], 'fok'),
      word(TIME_IN_FORCE_CODES.names[TIF_GTD], 'gtd'),
      word(STP_CODES.names[STP_NONE], 'none'),
      word(STP_CODES.names[STP_CANCEL_TAKER], 'cancel_taker'),
      word(STP_CODES.names[STP_CANCEL_MAKER], 'cancel_maker'),
      word(STP_CODES.names[STP_CANCEL_BOTH], 'cancel_both'),
      word(ORDER_STATUS_CODES.names[STATUS_OPEN], 'open'),
      word(ORDER_STATUS_CODES.names[STATUS_PARTIALLY_FILLED], 'partially_filled'),
      word(ORDER_STATUS_CODES.names[STATUS_FILLED], 'filled'),
      word(ORDER_STATUS_CODES.names[STATUS_CANCELLED], 'cancelled'),
      word(ORDER_STATUS_CODES.names[STATUS_EXPIRED], 'expired'),
      word(ORDER_STATUS_CODES.names[STATUS_REJECTED], 'rejected'),
      word(ORDER_STATUS_CODES.names[STATUS_PENDING], 'pending'),
      word(ORDER_REASON_CODES.names[REASON_NONE], 'none'),
      word(ORDER_REASON_CODES.names[REASON_POST_ONLY_WOULD_TAKE], 'post_only_would_take'),
      word(ORDER_REASON_CODES.names[REASON_SELF_TRADE_PREVENTED], 'self_trade_prevented'),
      word(ORDER_REASON_CODES.names[REASON_EXPIRE_AT_REACHED], 'expire_at_reached'),
      word(ORDER_REASON_CODES.names[REASON_LEVEL_FULL], 'level_full'),
      word(ORDER_REASON_CODES.names[REASON_INSUFFICIENT_BALANCE], 'insufficient_balance'),
    ];
    for (const [actual, expected] of words) expect(actual).toBe(expected);
    expect(ORDER_TYPES.map((type) => ORDER_TYPE_CODES.code(type))).toEqual([
      TYPE_LIMIT,
      TYPE_MARKET,
    ]);
  });

  it('read a word from a string and from bytes alike, and refuse any other', () => {
    for (const table of [
      ACTION_CODES,
      SIDE_CODES,
      ORDER_TYPE_CODES,
      TIME_IN_FORCE_CODES,
      STP_CODES,
      ORDER_STATUS_CODES,
      ORDER_REASON_CODES,
    ]) {
      table.names.forEach((name, code) => {
        expect(table.code(name)).toBe(code);
        expect(table.name(code)).toBe(name);
        const bytes = ascii(`,${name},`);
        expect(table.parse(bytes, 1, bytes.length - 1)).toBe(code);
      });
      for (const word of ['', 'BUY', 'toString', 'constructor', 'cancel_', 'gtcx']) {
        expect(table.code(word)).toBe(-1);
        expect(table.parse(ascii(word), 0, word.length)).toBe(-1);
      }
    }
  });
});

describe('the decimal grammar', () => {
  const failures = {
    malformed: UNITS_MALFORMED,
    too_precise: UNITS_TOO_PRECISE,
    too_large: UNITS_TOO_LARGE,
  } as const;
  const bytesAnswer = (text: string, decimals: number) => {
    const padded = ascii(`9${text}9`);
    return parseUnitsBytes(padded, 1, padded.length - 1, decimals);
  };

  it.each([
    ['0', 2, 0],
    ['\u0130', 0, UNITS_MALFORMED], // U+0130's low byte is '0'
    [`1.${'0'.repeat(80)}`, 2, 100],
    ['1.5', 2, 150],
    ['1.500', 2, 150],
    ['01', 2, UNITS_MALFORMED],
    ['1.', 2, UNITS_MALFORMED],
    ['.5', 2, UNITS_MALFORMED],
    ['', 2, UNITS_MALFORMED],
    ['1.505', 2, UNITS_TOO_PRECISE],
    ['0.1a', 0, UNITS_MALFORMED],
    ['90071992547409.93', 2, UNITS_TOO_LARGE],
  ])(
    'reads %j at %i decimals as %i from bytes, as parseUnits reads the string',
    (text, d, want) => {
      expect(bytesAnswer(text, d)).toBe(want);
      const fromString = parseUnits(text, d);
      expect(typeof fromString === 'number' ? fromString : failures[fromString]).toBe(want);
    },
  );

  it.each([
    ['90071992547409.93', 2, 9007199254740993n],
    ['123456789012345678901234567890.1200', 3, 123456789012345678901234567890120n],
    ['1'.repeat(60), 0, BigInt('1'.repeat(60))],
    ['1'.repeat(61), 0, 'malformed'],
    [`1.${'0'.repeat(61)}`, 2, 'malformed'],
    ['99999999999999999999.999', 2, 'too_precise'],
    ['1e30', 2, 'malformed'],
  ])('reads %j at %i decimals beyond 2^53 as %s (parseBigUnits)', (text, d, want) => {
    expect(parseBigUnits(text, d)).toBe(want);
  });

  const seed = fcSeed(2803);
  it(`answers the same from a string and its bytes (seed ${seed})`, () => {
    const text = fc.oneof(
      fc.stringMatching(/^[0-9.a\u0130\u0660-]{0,22}$/),
      fc.stringMatching(/^(0|[1-9][0-9]{0,16})(\.[0-9]{1,10})?$/),
      // Longer than parseUnits's 64-byte copy: zeros beyond the decimals, then maybe a bad tail.
      fc.stringMatching(/^[1-9][0-9]{0,3}\.[0-9]{1,3}0{55,70}[0-9.\u0130]?$/),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 8 }), (text, decimals) => {
        const fromString = parseUnits(text, decimals);
        expect(bytesAnswer(text, decimals)).toBe(
          typeof fromString === 'number' ? fromString : failures[fromString],
        );
        if (text.length > 60) return; // parseBigUnits's own limit, tested above
        const big = parseBigUnits(text, decimals);
        if (typeof fromString === 'number') expect(big).toBe(BigInt(fromString));
        else if (fromString !== 'too_large') expect(big).toBe(fromString);
        else expect(typeof big).toBe('bigint');
      }),
      { seed, numRuns: 2000 },
    );
  });
});
