import { writeFileSync } from 'node:fs';
import { OPENAPI_DOCUMENT } from '../../adapters/http/openapi.js';

writeFileSync(
  new URL('../../docs/openapi.json', import.meta.url),
  `${JSON.stringify(OPENAPI_DOCUMENT, null, 2)}\n`,
);
