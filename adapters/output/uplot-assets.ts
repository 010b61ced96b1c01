import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

let assets: { readonly js: string; readonly css: string } | undefined;

/** uPlot's script and style, read once from the installed package, to inline in a self-contained page. */
export function uplotAssets(): { readonly js: string; readonly css: string } {
  if (assets === undefined) {
    const require = createRequire(import.meta.url);
    const read = (file: string) =>
      readFileSync(require.resolve(`uplot/dist/${file}`), 'utf8').trim();
    assets = { js: read('uPlot.iife.min.js'), css: read('uPlot.min.css') };
  }
  return assets;
}
