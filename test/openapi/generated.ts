import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { OPENAPI_DOCUMENT } from '../../adapters/server/http/openapi.js';

/** The files `npm run openapi` writes; a test keeps each equal to what it would write. */
export const DOCUMENT_FILE = new URL('../../docs/openapi.json', import.meta.url);
export const CLIENT_TYPES_FILE = new URL('./client/simex-api.d.ts', import.meta.url);

/**
 * docs/openapi.json's text: the served document, formatted by prettier (objects that fit on a
 * line stay on one), which keeps the file readable at about a third of two-space JSON's size.
 */
export function documentText(): Promise<string> {
  return format(JSON.stringify(OPENAPI_DOCUMENT), { parser: 'json', printWidth: 100 });
}

/** The types openapi-typescript generates from docs/openapi.json, as the typed client test uses. */
export async function clientTypesText(): Promise<string> {
  const generated = astToString(await openapiTS(DOCUMENT_FILE));
  const header =
    '// Generated from docs/openapi.json by openapi-typescript (npm run openapi). Do not edit.\n';
  const options = await resolveConfig(CLIENT_TYPES_FILE);
  return format(header + generated, { ...options, parser: 'typescript' });
}
