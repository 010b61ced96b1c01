import type { L2Row } from './l2-row.js';

/**
 * Where an importer puts its rows: `push` buffers, `flush` hands full buffers to the output and
 * waits for it to take more (called once per chunk of input), `end` writes the rest.
 */
export interface L2Sink {
  push(row: L2Row): void;
  flush(): Promise<void>;
  end(): Promise<void>;
}
