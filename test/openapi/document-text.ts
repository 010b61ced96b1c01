import { format } from 'prettier';
import { OPENAPI_DOCUMENT } from '../../adapters/http/openapi.js';

/**
 * docs/openapi.json's text: the served document, formatted by prettier (objects that fit on a
 * line stay on one), which keeps the file readable at a third of two-space JSON's size.
 */
export function documentText(): Promise<string> {
  return format(JSON.stringify(OPENAPI_DOCUMENT), { parser: 'json', printWidth: 100 });
}
