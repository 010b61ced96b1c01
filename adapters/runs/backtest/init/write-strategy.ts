import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { strategyTemplate } from './strategy-template.js';

const LANGUAGES: Record<string, 'ts' | 'js'> = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.js': 'js',
  '.mjs': 'js',
};

/** Writes the starting strategy to `file` (never over an existing file); a one-line error otherwise. */
export function writeStarterStrategy(file: string): string | null {
  const language = LANGUAGES[extname(file)];
  if (language === undefined) return `${file}: a strategy file ends in .ts or .js`;
  try {
    writeFileSync(file, strategyTemplate(language), { flag: 'wx' });
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return `${file}: already exists; choose another name`;
    return `${file}: cannot write (${code ?? String(error)})`;
  }
}
