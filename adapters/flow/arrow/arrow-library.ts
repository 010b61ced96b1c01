/**
 * apache-arrow, loaded from the one-file build the package ships: its ES modules are some 200
 * files, about 0.25 s of CPU to load in every process and sweep worker that opens a flow; the
 * bundle, the same code, about 0.03 s. Types still come from the package's declarations.
 */
import { createRequire } from 'node:module';
import type * as Arrow from 'apache-arrow';

export const arrow = createRequire(import.meta.url)(
  'apache-arrow/Arrow.esnext.min',
) as typeof Arrow;
