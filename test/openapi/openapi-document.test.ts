import { readFile } from 'node:fs/promises';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '../../adapters/server/http/errors.js';
import { OPENAPI_DOCUMENT } from '../../adapters/server/http/openapi.js';
import { documentedSchema } from '../http/openapi-check.js';
import { everyOrderKind } from './client/simex-client.js';
import { DOCUMENT_FILE, documentText } from './generated.js';

interface Operation {
  readonly operationId?: string;
  readonly requestBody?: { content: Record<string, { schema: object }> };
  readonly responses: Record<string, { $ref?: string }>;
}
const OPERATIONS: Array<[string, Operation]> = Object.entries(OPENAPI_DOCUMENT.paths).flatMap(
  ([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(
      ([method, operation]) =>
        [`${method.toUpperCase()} ${path}`, operation] as [string, Operation],
    ),
);
const COMPONENTS = OPENAPI_DOCUMENT.components as Record<string, Record<string, unknown>>;

/** The object a `#/...` reference names. */
function target($ref: string): unknown {
  let found: unknown = OPENAPI_DOCUMENT;
  for (const part of $ref.slice(2).split('/')) found = (found as Record<string, unknown>)[part];
  return found;
}

/** Every key in `value` and what it refers to, each referenced object visited once. */
function keysReached(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  return Object.entries(value).flatMap(([key, inner]) => [
    key,
    ...keysReached(key === '$ref' ? target(inner as string) : inner, seen),
  ]);
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const copy = structuredClone(OPENAPI_DOCUMENT);
    await expect(SwaggerParser.validate(copy as never)).resolves.toBeTruthy();
  });

  it('docs/openapi.json is the document the server serves (regenerate: npm run openapi)', async () => {
    const file = await readFile(DOCUMENT_FILE, 'utf8');
    expect(file).toBe(await documentText());
    expect(JSON.parse(file)).toEqual(OPENAPI_DOCUMENT);
  });

  it('docs/openapi.json stays under 60 KB', async () => {
    expect((await readFile(DOCUMENT_FILE)).length).toBeLessThan(60 * 1024);
  });

  it('every operation has its own operationId', () => {
    const ids = OPERATIONS.map(([, operation]) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(OPERATIONS.length);
  });

  it('no component is named like a JavaScript global (Error, Symbol, ...)', () => {
    const globals = new Set(Object.getOwnPropertyNames(globalThis));
    const names = Object.values(COMPONENTS).flatMap((group) => Object.keys(group));
    expect(names.filter((name) => globals.has(name))).toEqual([]);
  });

  it("each error status refers to a shared response listing only that status's codes", () => {
    const statusOf = ERROR_STATUS as Record<string, number>;
    const operations = [...OPERATIONS, ['x-other-requests', OPENAPI_DOCUMENT['x-other-requests']]];
    const misplaced: string[] = [];
    for (const [name, { responses }] of operations as Array<[string, Operation]>) {
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        const $ref = response.$ref ?? 'none';
        const codes = $ref.startsWith('#/components/responses/')
          ? documentedCodes($ref)
          : ['(inline)'];
        for (const code of codes) {
          if (statusOf[code] !== Number(status)) misplaced.push(`${name} ${status} ${code}`);
        }
      }
    }
    expect(misplaced).toEqual([]);
    // Every code is listed somewhere.
    const listed = Object.keys(COMPONENTS['responses']!).flatMap((name) =>
      documentedCodes(`#/components/responses/${name}`),
    );
    expect(new Set(listed)).toEqual(new Set(Object.keys(ERROR_STATUS)));
  });

  it('request bodies have no defaults (a generated client would make such a field required)', () => {
    const bodies = OPERATIONS.flatMap(([, operation]) =>
      Object.values(operation.requestBody?.content ?? {}),
    );
    expect(bodies.length).toBe(2);
    expect(keysReached(bodies).filter((key) => key === 'default')).toEqual([]);
  });

  it('OrderRequest takes each order kind as one of its kinds, and refuses what the server refuses', () => {
    const validate = documentedSchema('#/components/schemas/OrderRequest');
    const orders = everyOrderKind('2026-01-05T10:30:00.000Z');
    expect(orders.map((order) => validate(order))).toEqual(orders.map(() => true));
    const base = { symbol: 'BTC-USD', side: 'buy', size: '1' };
    const refused = [
      { ...base, type: 'market', time_in_force: 'gtc' },
      { ...base, type: 'market', price: '1' },
      { ...base, type: 'market', post_only: false },
      { ...base, type: 'limit' },
      { ...base, type: 'limit', price: '1', time_in_force: 'gtd' },
      { ...base, type: 'limit', price: '1', time_in_force: 'ioc', post_only: true },
      { ...base, type: 'limit', price: '1', expire_at: '2026-01-05T10:30:00.000Z' },
      { ...base, type: 'limit', price: '1', colour: 'red' },
      { ...base, type: 'stop', price: '1' },
    ];
    expect(refused.map((order) => validate(order))).toEqual(refused.map(() => false));
  });
});

/** The codes a shared error response lists. */
function documentedCodes($ref: string): ErrorCode[] {
  const response = target($ref) as { content: Record<string, { schema: { $ref: string } }> };
  const body = target(response.content['application/json']!.schema.$ref) as {
    allOf: Array<{ properties?: object }>;
  };
  const narrowing = body.allOf[1] as {
    properties: { error: { properties: { code: { enum: ErrorCode[] } } } };
  };
  return narrowing.properties.error.properties.code.enum;
}
