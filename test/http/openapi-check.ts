import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Handler } from '../../adapters/server/http/handler.js';
import { OPENAPI_DOCUMENT } from '../../adapters/server/http/openapi.js';

/**
 * Checks responses against the OpenAPI document: the operation is found by method and path
 * template (`x-other-requests` when none matches), the status must be one it lists, the body must
 * match that status's schema (for errors, the schema lists the status's codes) and required
 * headers must be present and valid. Every HTTP test helper calls it on every response.
 */

export interface ObservedResponse {
  readonly status: number;
  /** A response header by lower-case name, undefined when absent. */
  readonly header: (name: string) => string | undefined;
  /** The body as text; ignored for HEAD, which has none. */
  readonly body: string;
}

interface ResponseObject {
  readonly headers?: Record<string, Referable<{ readonly required?: boolean }>>;
  readonly content?: Record<string, unknown>;
}
type Referable<T> = T | { readonly $ref: string };
type Responses = Readonly<Record<string, Referable<ResponseObject>>>;

interface CompiledResponse {
  readonly mediaTypes: readonly string[];
  readonly body?: ValidateFunction;
  readonly requiredHeaders: ReadonlyArray<readonly [string, ValidateFunction]>;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
// The OpenAPI object's own fields, as annotations: the document is one schema, refs point into it.
ajv.addVocabulary([...Object.keys(OPENAPI_DOCUMENT), 'example']);
ajv.addSchema(OPENAPI_DOCUMENT, 'openapi');

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** The object `value` is or refers to (`#/...` in the document), with where it is. */
function resolve<T extends object>(value: Referable<T>, at: string): { value: T; at: string } {
  if (!('$ref' in value)) return { value, at };
  const path = value.$ref.replace(/^#\//, '');
  let found: unknown = OPENAPI_DOCUMENT;
  for (const part of path.split('/')) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    found = (found as Record<string, unknown>)[key];
    if (found === undefined) throw new Error(`${value.$ref} is not in the document`);
  }
  return { value: found as T, at: path };
}

function compileResponses(responses: Responses, at: string): Map<string, CompiledResponse> {
  const compiled = new Map<string, CompiledResponse>();
  for (const [status, referable] of Object.entries(responses)) {
    const response = resolve(referable, `${at}/${pointer('responses', status)}`);
    const mediaTypes = Object.keys(response.value.content ?? {});
    const base = `openapi#/${response.at}`;
    const body =
      mediaTypes[0] === undefined
        ? undefined
        : ajv.compile({ $ref: `${base}/${pointer('content', mediaTypes[0], 'schema')}` });
    const requiredHeaders = Object.entries(response.value.headers ?? {})
      .map(
        ([name, header]) =>
          [name, resolve(header, `${response.at}/${pointer('headers', name)}`)] as const,
      )
      .filter(([, header]) => header.value.required === true)
      .map(
        ([name, header]) => [name, ajv.compile({ $ref: `openapi#/${header.at}/schema` })] as const,
      );
    compiled.set(status, { mediaTypes, ...(body !== undefined && { body }), requiredHeaders });
  }
  return compiled;
}

interface Operation {
  readonly name: string;
  readonly responses: Map<string, CompiledResponse>;
}

const OPERATIONS: Array<{ template: RegExp; methods: Map<string, Operation> }> = Object.entries(
  OPENAPI_DOCUMENT.paths,
).map(([path, item]) => ({
  // `{id}` may be empty: `/v1/orders/` is that route's order_not_found.
  template: new RegExp(`^${path.replaceAll('.', '\\.').replace(/\{[^}]+\}/g, '[^/]*')}$`),
  methods: new Map(
    Object.entries(item as Record<string, { responses: Responses }>).map(([method, operation]) => [
      method.toUpperCase(),
      {
        name: `${method.toUpperCase()} ${path}`,
        responses: compileResponses(operation.responses, pointer('paths', path, method)),
      },
    ]),
  ),
}));
const OTHER_REQUESTS: Operation = {
  name: 'x-other-requests',
  responses: compileResponses(OPENAPI_DOCUMENT['x-other-requests'].responses, 'x-other-requests'),
};

/** The operation a request reaches; `target` as on the request line (origin or absolute form). */
function operationOf(method: string | undefined, target: string | undefined): Operation {
  const path = (target ?? '').replace(/^https?:\/\/[^/?#]*/i, '').split('?')[0]!;
  const item = OPERATIONS.find(({ template }) => template.test(path));
  return item?.methods.get(method ?? '') ?? OTHER_REQUESTS;
}

/** Throws, saying why, when the response is not one the document describes for the request. */
export function expectDocumented(
  method: string | undefined,
  target: string | undefined,
  response: ObservedResponse,
): void {
  const operation = operationOf(method, target);
  const where = `${method} ${target} -> ${response.status} (${operation.name})`;
  const documented = operation.responses.get(String(response.status));
  if (documented === undefined) throw new Error(`${where}: status not in the OpenAPI document`);
  for (const [name, validate] of documented.requiredHeaders) {
    const value = response.header(name.toLowerCase());
    const typed = value !== undefined && /^[0-9]+$/.test(value) ? Number(value) : value;
    if (value === undefined || !validate(typed)) {
      throw new Error(`${where}: header ${name} ${JSON.stringify(value)} is not as documented`);
    }
  }
  if (method === 'HEAD' || documented.body === undefined) return;
  const mediaType = response.header('content-type')?.split(';')[0]?.trim();
  if (mediaType === undefined || !documented.mediaTypes.includes(mediaType)) {
    throw new Error(`${where}: content-type ${mediaType} is not documented`);
  }
  if (mediaType !== 'application/json') return;
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    throw new Error(`${where}: the body is not JSON: ${response.body.slice(0, 200)}`);
  }
  if (!documented.body(json)) {
    const why = ajv.errorsText(documented.body.errors, { dataVar: 'body' });
    throw new Error(`${where}: ${why}; body ${response.body.slice(0, 300)}`);
  }
}

/** A validator for the document's schema at `$ref` (`#/...`). */
export function documentedSchema($ref: string): ValidateFunction {
  return ajv.compile({ $ref: `openapi${$ref}` });
}

const STREAM_EVENT = ajv.compile({
  $ref: `openapi#/${pointer('paths', '/v1/stream', 'get', 'responses', '200', 'content', 'text/event-stream', 'x-event-schema')}`,
});

/** Throws, saying why, when a stream event (its data parsed) is not a StreamEvent of the document. */
export function expectDocumentedEvent(event: {
  readonly id: string | undefined;
  readonly event: string;
  readonly data: unknown;
}): void {
  const { id, ...rest } = event;
  if (STREAM_EVENT({ ...(id !== undefined && { id }), ...rest })) return;
  const why = ajv.errorsText(STREAM_EVENT.errors, { dataVar: 'event' });
  throw new Error(`${why}; event ${JSON.stringify(event).slice(0, 300)}`);
}

/** The handler, checking each of its responses against the document. */
export function documentedHandler(handle: Handler): Handler {
  return (request) => {
    const response = handle(request);
    expectDocumented(request.method, request.url, {
      status: response.status,
      header: (name) => response.headers[name],
      body: response.body,
    });
    return response;
  };
}
