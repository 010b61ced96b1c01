import { readFile } from 'node:fs/promises';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { OPENAPI_DOCUMENT } from '../../adapters/http/openapi.js';
import { documentText } from './generated.js';

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const copy = structuredClone(OPENAPI_DOCUMENT);
    await expect(SwaggerParser.validate(copy as never)).resolves.toBeTruthy();
  });

  it('docs/openapi.json is the document the server serves (regenerate: npm run openapi)', async () => {
    const file = await readFile(new URL('../../docs/openapi.json', import.meta.url), 'utf8');
    expect(file).toBe(await documentText());
  });
});
