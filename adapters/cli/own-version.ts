import { readFileSync } from 'node:fs';

/**
 * simex's own version: the nearest package.json named simex above this module, from the build
 * (dist/adapters/cli) or the sources (adapters/cli). yargs alone would read the host project's.
 */
export function ownVersion(): string {
  for (let up = '../'; up.length <= 12; up += '../') {
    try {
      const manifest = JSON.parse(
        readFileSync(new URL(`${up}package.json`, import.meta.url), 'utf8'),
      ) as { name?: string; version?: string };
      if (manifest.name === 'simex') return String(manifest.version);
    } catch {
      // no package.json at this level: look one further up
    }
  }
  return 'unknown';
}
