import { InputError } from '../input-error.js';

/** A malformed scenario file (`file:line:column: reason`). */
export class ScenarioSyntaxError extends InputError {}
