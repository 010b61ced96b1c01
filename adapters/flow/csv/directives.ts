/**
 * The lines before the header: `# instrument key=value ...` lists an instrument (the contract's
 * snake_case keys); any other `#` line is a comment.
 */
import { createInstrument, type InstrumentSpec } from '../../../src/index.js';
import { ScenarioSyntaxError } from '../scenario-error.js';

const DIRECTIVE = /^#\s*instrument(\s|$)/;
const SPEC_KEYS: Readonly<Record<string, keyof InstrumentSpec>> = {
  symbol: 'symbol',
  tick_size: 'tickSize',
  lot_size: 'lotSize',
  min_size: 'minSize',
  max_size: 'maxSize',
  reference_price: 'referencePrice',
};

/** The instrument a directive line lists, or null for a comment line. */
export function parseDirective(text: string, file: string, line: number): InstrumentSpec | null {
  if (!DIRECTIVE.test(text)) return null;
  const fail = (column: number, reason: string): never => {
    throw new ScenarioSyntaxError(file, line, column, reason);
  };
  const spec: Record<string, string> = {};
  const columns: Record<string, number> = {};
  const pairs = /\S+/g;
  pairs.lastIndex = text.indexOf('instrument') + 'instrument'.length;
  for (let match = pairs.exec(text); match !== null; match = pairs.exec(text)) {
    const column = match.index + 1;
    const [key, value, extra] = match[0].split('=');
    const name = SPEC_KEYS[key!];
    if (value === undefined || extra !== undefined || value === '')
      fail(column, `expected key=value, found ${match[0]}`);
    if (name === undefined)
      fail(column, `unknown instrument key ${key}; expected ${Object.keys(SPEC_KEYS).join(', ')}`);
    if (spec[name!] !== undefined) fail(column, `${key} is given twice`);
    spec[name!] = value!;
    columns[key!] = column;
  }
  for (const key of ['symbol', 'tick_size', 'lot_size']) {
    if (spec[SPEC_KEYS[key]!] === undefined) fail(text.length + 1, `instrument needs ${key}`);
  }
  const instrument = spec as unknown as InstrumentSpec;
  const created = createInstrument(instrument);
  if (!created.ok) {
    const field = 'field' in created.error ? created.error.field : 'symbol';
    fail(columns[field] ?? 1, created.error.message);
  }
  return instrument;
}
