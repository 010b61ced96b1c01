import { writeFileSync } from 'node:fs';
import { documentText } from './document-text.js';

writeFileSync(new URL('../../docs/openapi.json', import.meta.url), await documentText());
