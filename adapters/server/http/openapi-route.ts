import { jsonResponse, type HttpResponse } from './http-types.js';
import { OPENAPI_DOCUMENT } from './openapi.js';
import { parseQuery } from './query.js';
import { errorResponse, methodNotAllowed } from './route-context.js';

/** The one route that needs no API key. */
export const OPENAPI_PATH = '/v1/openapi.json';

/** Built once: the document never changes while the server runs. */
const DOCUMENT_BODY = JSON.stringify(OPENAPI_DOCUMENT);

/** GET /v1/openapi.json: the OpenAPI document; no query parameter is known. */
export function serveOpenApiDocument(method: string, search: string): HttpResponse {
  if (method !== 'GET') return methodNotAllowed('GET');
  const params = parseQuery(search, []);
  return params.ok ? jsonResponse(200, DOCUMENT_BODY) : errorResponse(params.error);
}
