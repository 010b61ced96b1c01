import { writeFileSync } from 'node:fs';
import { CLIENT_TYPES_FILE, clientTypesText, DOCUMENT_FILE, documentText } from './generated.js';

writeFileSync(DOCUMENT_FILE, await documentText());
// The types come from the file just written.
writeFileSync(CLIENT_TYPES_FILE, await clientTypesText());
