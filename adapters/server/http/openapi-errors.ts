/**
 * The OpenAPI document's error answers, derived from ERROR_STATUS (the one table from code to
 * status): an operation lists, per status, the codes it can answer with there, each such set one
 * shared response component named by its codes, its body the schema of the same name.
 */
import { ERROR_STATUS, type ErrorCode } from './errors.js';

/**
 * Response headers. The RateLimit ones come on every answer counted against a rate limit (none
 * when limiting is off): described here once, as the document's description says, not listed on
 * each response. The others are listed on the answers that always have them.
 */
export const HEADERS = {
  'RateLimit-Limit': {
    description: 'Requests the bucket holds when full (the burst: twice the rate per second)',
    schema: { type: 'integer', minimum: 1 },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the bucket after this one',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the bucket is full again',
    schema: { type: 'integer', minimum: 0 },
  },
  'Retry-After': {
    description: 'Seconds to wait',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  Allow: {
    description: "The path's methods, comma separated",
    required: true,
    schema: { type: 'string' },
  },
};
type HeaderName = keyof typeof HEADERS;

/** A response object: its body's schema under `mediaType`, and `headers` by reference. */
export const answer = (
  mediaType: string,
  schema: object,
  description: string,
  headers: readonly HeaderName[] = [],
) => ({
  description,
  ...(headers.length > 0 && {
    headers: Object.fromEntries(
      headers.map((name) => [name, { $ref: `#/components/headers/${name}` }]),
    ),
  }),
  content: { [mediaType]: { schema } },
});

/** The header an error code always comes with. */
const HEADER_OF: Partial<Record<ErrorCode, HeaderName>> = {
  rate_limited: 'Retry-After',
  too_many_streams: 'Retry-After',
  method_not_allowed: 'Allow',
  journal_unavailable: 'Retry-After',
  stream_unavailable: 'Retry-After',
};

/** Answers any request may get before its route is known: HTTP itself, then the rate limit. */
const ANY_REQUEST: readonly ErrorCode[] = [
  'bad_request',
  'request_timeout',
  'expectation_failed',
  'headers_too_large',
  'rate_limited',
  'internal_error',
];

/** The error body whose code is one of `codes`. */
function errorBody(codes: readonly ErrorCode[]) {
  return {
    allOf: [
      { $ref: '#/components/schemas/ErrorBody' },
      {
        type: 'object',
        properties: {
          error: { type: 'object', properties: { code: { type: 'string', enum: codes } } },
        },
      },
    ],
  };
}

/** The error answer whose code is one of `codes`: its body is the schema of the same name. */
function errorResponse(name: string, codes: readonly ErrorCode[]) {
  const headers = new Set(codes.flatMap((code) => HEADER_OF[code] ?? []));
  const schema = { $ref: `#/components/schemas/${name}` };
  return answer('application/json', schema, `Error: ${codes.join(', ')}`, [...headers]);
}

/** Collects the error response components the operations refer to. */
export class ErrorResponses {
  readonly #components = new Map<string, { status: number; codes: ErrorCode[] }>();

  /** The error answers of an operation that can answer `codes`, besides ANY_REQUEST's. */
  for(...codes: ErrorCode[]): Record<string, { $ref: string }> {
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of new Set([...ANY_REQUEST, ...codes])) {
      const status = ERROR_STATUS[code];
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    const refs: Record<string, { $ref: string }> = {};
    for (const [status, listed] of [...byStatus].sort(([a], [b]) => a - b)) {
      listed.sort();
      const name = listed.join('_or_');
      if (!this.#components.has(name)) {
        this.#components.set(name, { status, codes: listed });
      }
      refs[String(status)] = { $ref: `#/components/responses/${name}` };
    }
    return refs;
  }

  /** Every response collected, by status then name. */
  components(): Record<string, object> {
    return Object.fromEntries(
      this.#sorted().map(([name, { codes }]) => [name, errorResponse(name, codes)]),
    );
  }

  /** Their bodies' schemas, under the same names. */
  schemas(): Record<string, object> {
    return Object.fromEntries(this.#sorted().map(([name, { codes }]) => [name, errorBody(codes)]));
  }

  #sorted() {
    return [...this.#components].sort(
      ([nameA, a], [nameB, b]) => a.status - b.status || (nameA < nameB ? -1 : 1),
    );
  }
}
