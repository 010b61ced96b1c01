/** A one-line progress bar on stderr, for long replays on a terminal; silent otherwise. */

/** Rows between two progress callbacks of a replay or a backtest. */
export const PROGRESS_EVERY = 8192;

/** Files smaller than this replay too fast to need a bar. */
export const PROGRESS_MIN_BYTES = 16 * 1024 * 1024;

export interface ProgressSource {
  readonly totalBytes: number;
  bytesRead(): number;
  rows(): number;
}

export function progressBar(
  source: ProgressSource,
  stream: NodeJS.WriteStream,
): { update(): void; done(): void } | null {
  if (!stream.isTTY || source.totalBytes < PROGRESS_MIN_BYTES) return null;
  const started = performance.now();
  let shown = 0;
  const draw = () => {
    const fraction = Math.min(1, source.bytesRead() / source.totalBytes);
    const width = 30;
    const filled = Math.round(fraction * width);
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(source.rows() / seconds) : 0;
    const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
    stream.write(
      `\r[${bar}] ${(fraction * 100).toFixed(0).padStart(3)}% ${source.rows()} rows, ${rate} rows/s `,
    );
  };
  return {
    update() {
      const now = performance.now();
      if (now - shown < 100) return;
      shown = now;
      draw();
    },
    done() {
      draw();
      stream.write('\n');
    },
  };
}
