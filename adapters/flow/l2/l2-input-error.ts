import { InputError } from '../../input-error.js';

/** Malformed L2 input, an L2 flow file or an importer's source (`file:line:column: reason`). */
export class L2InputError extends InputError {}
