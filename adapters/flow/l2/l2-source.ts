import type { L2Row } from './l2-row.js';

/** An opened L2 flow file, either form, read a batch of rows at a time. */
export interface L2Source {
  readonly file: string;
  /** The rows in file order, checked (docs/l2.md, "Format"); iterate once, to the end or close. */
  readonly batches: AsyncIterable<readonly L2Row[]>;
  close(): void;
}
